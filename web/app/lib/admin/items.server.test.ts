import { adminTranslator } from "./messages";
import { describe, expect, it } from "vitest";
import { toItem } from "./items.server";
import { sameOriginMedia } from "./kinds/fields-of-items";
import { pendingLabel } from "./pending";

describe("media addresses", () => {
  it("turns the CMS's absolute upload URLs into same-origin paths", () => {
    expect(sameOriginMedia("http://127.0.0.1:1337/uploads/hills_1a2b.png")).toBe("/uploads/hills_1a2b.png");
    expect(sameOriginMedia("/uploads/a.jpg")).toBe("/uploads/a.jpg");
  });

  it.each([null, "", "javascript:alert(1)", "http://cms/admin/x.png", "http://cms/uploads/../secret", "data:image/png;base64,AA"])(
    "drops %s",
    (url) => {
      expect(sameOriginMedia(url)).toBeNull();
    },
  );

  it("normalises items of each kind", () => {
    expect(toItem("team", { id: 3, name: "Asha", role: "Warden", photoUrl: "http://x/uploads/a.jpg", joined_at: "2024-01-02" })).toEqual({
      id: 3,
      name: "Asha",
      role: "Warden",
      bio: null,
      photoUrl: "/uploads/a.jpg",
      joined_at: "2024-01-02",
      // An answer from before drafts says no status: the member is published, as it was.
      status: "published",
      lastEditorId: null,
      lastEdit: null,
    });
    expect(toItem("blog", { id: 1, title: "T", content: "C", author: "a@b.org", mediaUrl: null })).toMatchObject({
      mediaUrl: null,
      created_at: null,
    });
  });

  it("reads who edited an item last the same way for every kind", () => {
    const edited = { updated_by: { id: 4, name: "Sita Gurung" }, updated_at: "2026-11-22T10:00:00.000Z" };
    for (const kind of ["team", "image", "video", "blog"] as const) {
      expect(toItem(kind, { id: 1, ...edited }).lastEdit, kind).toEqual({ name: "Sita Gurung", at: "2026-11-22T10:00:00.000Z" });
      // An entry nobody was recorded for (seeded, imported) has only its date.
      expect(toItem(kind, { id: 1, updated_by: null, updated_at: "2026-11-22T10:00:00.000Z" }).lastEdit).toEqual({
        name: null,
        at: "2026-11-22T10:00:00.000Z",
      });
    }
  });
});

describe("loading texts", () => {
  it.each([
    ["/gallery/images", "Loading images..."],
    ["/gallery/images/4", "Loading image..."],
    ["/gallery/videos", "Loading videos..."],
    ["/gallery/videos/4/edit", "Loading video..."],
    ["/blogs/7", "Loading blog details..."],
    ["/teams", "Loading team members..."],
    ["/teams/new", null],
  ])("%s -> %s", (path, text) => {
    expect(pendingLabel(path, adminTranslator("en"))).toBe(text);
  });
});
