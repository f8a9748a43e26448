import { describe, expect, it } from "vitest";
import { toPhotoConsent } from "./consent.server";

describe("a photo's consent as the CMS answers it", () => {
  it("keeps what the contract says, and only stored names and known kinds of entries", () => {
    const photo = toPhotoConsent({
      name: "kites_1a.jpg",
      url: "http://elsewhere.example/kites_1a.jpg",
      state: "due",
      record: {
        showsChildren: true,
        givenBy: "guardian-and-child",
        givenOn: "2026-01-10",
        website: true,
        socialMedia: "yes",
        reviewOn: "2026-12-10",
        note: null,
        withdrawnAt: null,
        recordedBy: "Sita",
        recordedAt: "2026-01-10T05:00:00.000Z",
        withdrawnBy: null,
      },
      usedBy: [
        { kind: "blog", id: 3, title: "Dashain" },
        { kind: "page", id: 4, title: "?" },
        { kind: "team-member", id: "5", title: "Ram" },
      ],
    });
    expect(photo).toEqual({
      name: "kites_1a.jpg",
      // Always the photo's own upload path, whatever URL came with it.
      url: "/uploads/kites_1a.jpg",
      state: "due",
      record: {
        showsChildren: true,
        givenBy: "guardian-and-child",
        givenOn: "2026-01-10",
        website: true,
        socialMedia: false,
        reviewOn: "2026-12-10",
        note: null,
        withdrawnAt: null,
        recordedBy: "Sita",
        recordedAt: "2026-01-10T05:00:00.000Z",
        withdrawnBy: null,
      },
      usedBy: [{ kind: "blog", id: 3, title: "Dashain" }],
      // Staff get no history.
      history: null,
    });
  });

  it("keeps a Manager's history of the consents as given and the withdrawal, and nothing else", () => {
    const photo = toPhotoConsent({
      name: "kites_1a.jpg",
      state: "withdrawn",
      record: null,
      usedBy: [],
      history: [
        { action: "withdrawn", by: "Asha", at: "2026-11-20T05:00:00.000Z", photo: "kites_1a.jpg" },
        { action: "published", by: "Asha", at: "2026-11-19T05:00:00.000Z" },
        {
          action: "consented",
          by: "Sita",
          at: "2026-01-10T05:00:00.000Z",
          details: {
            showsChildren: true,
            givenBy: "guardian",
            givenOn: "2026-01-10",
            website: true,
            socialMedia: false,
            reviewOn: "2027-01-10",
          },
        },
        { action: "consented", by: "Sita", at: 3 },
      ],
    });
    expect(photo?.history).toEqual([
      { action: "withdrawn", by: "Asha", at: "2026-11-20T05:00:00.000Z", given: null },
      {
        action: "consented",
        by: "Sita",
        at: "2026-01-10T05:00:00.000Z",
        given: expect.objectContaining({
          showsChildren: true,
          givenBy: "guardian",
          givenOn: "2026-01-10",
          website: true,
          reviewOn: "2027-01-10",
        }),
      },
    ]);
  });

  it("treats an unknown state as missing consent, and no record as never marked", () => {
    expect(toPhotoConsent({ name: "a.jpg", state: "pending", record: null, usedBy: [] })).toMatchObject({ state: "missing", record: null });
  });

  it("is nothing without a stored name", () => {
    expect(toPhotoConsent({ name: "../a.jpg", state: "valid" })).toBeNull();
    expect(toPhotoConsent(null)).toBeNull();
  });
});
