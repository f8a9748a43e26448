import { describe, expect, it } from "vitest";
import { CONSENT_MESSAGES, defaultReviewOn } from "@contract/consent-rules";
import {
  adminReturnPath,
  consentFormSchema,
  consentFormValuesOf,
  consentHref,
  consentInputOf,
  initialConsentValues,
  photoNameOf,
  photoNamesOfPost,
  refusedPhotosOf,
  usedByHref,
  type ConsentFormValues,
} from "./consent";
import { fieldErrorsOf } from "./schemas";
import { adminTranslator } from "./messages";

const TODAY = "2026-11-27";
const schema = consentFormSchema(TODAY);
const empty: ConsentFormValues = {
  showsChildren: "",
  givenBy: "",
  givenOn: "",
  website: false,
  socialMedia: false,
  reviewOn: "",
  note: "",
};
const complete: ConsentFormValues = {
  showsChildren: "yes",
  givenBy: "guardian",
  givenOn: "2026-11-01",
  website: true,
  socialMedia: false,
  reviewOn: "2027-11-01",
  note: "",
};
const problemsOf = (values: ConsentFormValues) => {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error, adminTranslator("en"));
};

describe("the consent form's schema", () => {
  it("asks whether the photo shows children first", () => {
    expect(problemsOf(empty)).toEqual({ showsChildren: [CONSENT_MESSAGES.showsChildren] });
  });

  it("takes a photo without children with nothing else filled in", () => {
    expect(problemsOf({ ...empty, showsChildren: "no" })).toEqual({});
    expect(consentInputOf({ ...empty, showsChildren: "no", givenBy: "guardian", website: true })).toEqual({
      showsChildren: false,
      note: null,
    });
  });

  it("takes a complete consent, and sends it as the contract's input", () => {
    expect(problemsOf(complete)).toEqual({});
    expect(consentInputOf({ ...complete, note: "  Signed form in the office file.  " })).toEqual({
      showsChildren: true,
      givenBy: "guardian",
      givenOn: "2026-11-01",
      website: true,
      socialMedia: false,
      reviewOn: "2027-11-01",
      note: "Signed form in the office file.",
    });
  });

  it("gives each missing field of a photo of children the shared message", () => {
    expect(problemsOf({ ...empty, showsChildren: "yes" })).toEqual({
      givenBy: [CONSENT_MESSAGES.givenBy],
      givenOn: [CONSENT_MESSAGES.givenOn],
      website: [CONSENT_MESSAGES.website],
      reviewOn: [CONSENT_MESSAGES.reviewOn],
    });
    expect(problemsOf({ ...complete, givenBy: "neighbour" })).toEqual({ givenBy: [CONSENT_MESSAGES.givenBy] });
    expect(problemsOf({ ...complete, website: false })).toEqual({ website: [CONSENT_MESSAGES.website] });
    expect(problemsOf({ ...complete, givenOn: "2026-02-30" })).toEqual({ givenOn: [CONSENT_MESSAGES.givenOn] });
  });

  it("refuses a review date on or before the consent date, and a consent given after today", () => {
    expect(problemsOf({ ...complete, reviewOn: "2026-10-01" })).toEqual({ reviewOn: [CONSENT_MESSAGES.reviewBeforeGiven] });
    expect(problemsOf({ ...complete, reviewOn: complete.givenOn })).toEqual({ reviewOn: [CONSENT_MESSAGES.reviewBeforeGiven] });
    expect(problemsOf({ ...complete, givenOn: "2026-11-28", reviewOn: "2027-11-28" })).toEqual({
      givenOn: [CONSENT_MESSAGES.givenOnFuture],
    });
  });

  it("refuses a note longer than the rules allow, with or without children", () => {
    expect(problemsOf({ ...empty, showsChildren: "no", note: "x".repeat(501) })).toEqual({ note: [CONSENT_MESSAGES.note] });
  });

  it("reads a form posted without JavaScript (checkboxes as 'on', absent when unticked)", () => {
    const values = consentFormValuesOf({ ...complete, website: "on", socialMedia: undefined });
    expect(values.website).toBe(true);
    expect(values.socialMedia).toBe(false);
    expect(problemsOf(values)).toEqual({});
  });

  it("says the Nepali reader's problems in Nepali", () => {
    const result = schema.safeParse({ ...empty, showsChildren: "yes" });
    const errors = result.success ? {} : fieldErrorsOf(result.error, adminTranslator("ne"));
    expect(errors.givenBy?.[0]).not.toBe(CONSENT_MESSAGES.givenBy);
    expect(errors.givenBy?.[0]).toMatch(/[\u0900-\u097F]/);
  });
});

describe("the consent form's first values", () => {
  it("starts a new consent today, to be reviewed a year on", () => {
    expect(initialConsentValues(null, TODAY)).toEqual({ ...empty, givenOn: TODAY, reviewOn: defaultReviewOn(TODAY) });
  });

  it("shows the consent on record", () => {
    const record = {
      showsChildren: true,
      givenBy: "child" as const,
      givenOn: "2026-01-05",
      website: true,
      socialMedia: true,
      reviewOn: "2027-01-05",
      note: "Asked at the school",
      withdrawnAt: null,
    };
    expect(initialConsentValues(record, TODAY)).toEqual({
      ...record,
      showsChildren: "yes",
      withdrawnAt: undefined,
      note: "Asked at the school",
    });
  });
});

describe("a post's photos", () => {
  it("are its cover, then each photo in its text, each once", () => {
    const post = {
      mediaUrl: "http://127.0.0.1:1337/uploads/cover_1a.jpg",
      content: [
        "Dashain at the home.",
        "![Kite flying](/uploads/kites_2b.jpg)",
        'And again: ![Tika](/uploads/tika_3c.webp "Tika day") and ![the cover](/uploads/cover_1a.jpg)',
        "A link is not a photo: [report](/uploads/report.pdf); elsewhere: ![x](https://example.org/uploads/far.jpg)",
      ].join("\n\n"),
    };
    expect(photoNamesOfPost(post)).toEqual(["cover_1a.jpg", "kites_2b.jpg", "tika_3c.webp", "far.jpg"]);
    expect(photoNamesOfPost({ mediaUrl: null, content: "No photos." })).toEqual([]);
  });

  it("are named only by a stored name (no folders, no dot-dot)", () => {
    expect(photoNameOf("/uploads/a_b.jpg")).toBe("a_b.jpg");
    expect(photoNameOf("/uploads/../secret.jpg")).toBeNull();
    expect(photoNameOf("/uploads/a/b.jpg")).toBeNull();
    expect(photoNameOf("/img/640/webp/a.jpg")).toBeNull();
    expect(photoNameOf(null)).toBeNull();
  });
});

describe("the consent page's links", () => {
  it("carries where to come back to", () => {
    expect(consentHref("a_b.jpg")).toBe("/admin/photos/a_b.jpg/consent");
    expect(consentHref("a_b.jpg", "/blogs/7")).toBe("/admin/photos/a_b.jpg/consent?returnTo=%2Fblogs%2F7");
  });

  it("comes back only to the admin's own screens", () => {
    expect(adminReturnPath("/blogs/7")).toBe("/blogs/7");
    expect(adminReturnPath("/blogs/edit/7?back=%2Fbloglist%3Fpage%3D2")).toBe("/blogs/edit/7?back=%2Fbloglist%3Fpage%3D2");
    expect(adminReturnPath("/dashboard")).toBe("/dashboard");
    expect(adminReturnPath("/admin/photos/a.jpg/consent")).toBe("/admin/photos/a.jpg/consent");
    for (const elsewhere of [
      "//evil.example/blogs/7",
      "https://evil.example/dashboard",
      "/\\evil.example",
      "/blogs/details/7",
      "/login",
      "/",
      null,
      7,
    ]) {
      expect(adminReturnPath(elsewhere), String(elsewhere)).toBe("/dashboard");
    }
    expect(adminReturnPath("/gallery", "/blogs/3")).toBe("/blogs/3");
  });

  it("opens the admin page of each entry that uses a photo", () => {
    expect(usedByHref({ kind: "blog", id: 3, title: "Dashain" })).toBe("/blogs/3");
    expect(usedByHref({ kind: "image-gallery", id: 4, title: "" })).toBe("/gallery/images/4");
    expect(usedByHref({ kind: "video-gallery", id: 5, title: "" })).toBe("/gallery/videos/5");
    expect(usedByHref({ kind: "team-member", id: 6, title: "" })).toBe("/teams/6");
  });
});

describe("a publish refused for consent", () => {
  const body = {
    message: CONSENT_MESSAGES.missing,
    errors: { status: [CONSENT_MESSAGES.missing] },
    photos: ["kites_2b.jpg", "../x.jpg", 7],
  };

  it("names the photos the contract's 409 lists (stored names only), and nothing else is that refusal", () => {
    expect(refusedPhotosOf(409, body)).toEqual(["kites_2b.jpg"]);
    expect(refusedPhotosOf(409, { message: "changed meanwhile", version: "3", current: {} })).toBeNull();
    expect(refusedPhotosOf(403, body)).toBeNull();
    expect(refusedPhotosOf(409, undefined)).toBeNull();
  });

  it("says the CMS's message in the admin's language", () => {
    expect(adminTranslator("en").contract(CONSENT_MESSAGES.missing)).toBe(CONSENT_MESSAGES.missing);
    expect(adminTranslator("ne").contract(CONSENT_MESSAGES.missing)).toMatch(/^प्रकाशित हुन लागेको एउटा तस्बिरमा बालबालिका छन्/);
    expect(adminTranslator("ne").contract(CONSENT_MESSAGES.withdrawn)).toMatch(/[\u0900-\u097F]/);
    expect(adminTranslator("ne").contract(CONSENT_MESSAGES.notFound)).toBe("तस्बिर भेटिएन।");
  });
});
