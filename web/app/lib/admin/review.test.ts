import { describe, expect, it } from "vitest";
import { mayPublish, postSaveButtons, postSaveHint, type Publisher } from "./review";

const staff: Publisher = { id: 7, isManager: false, publishesOwnWork: false };
const manager: Publisher = { id: 1, isManager: true, publishesOwnWork: true };
// A Manager of a home that requires a second person's approval.
const checkedManager: Publisher = { id: 2, isManager: true, publishesOwnWork: false };

describe("who may publish a post", () => {
  it("never Staff, whatever the post's state", () => {
    for (const status of [undefined, "draft", "submitted", "published"] as const) {
      expect(mayPublish(staff, status, 99)).toBe(false);
    }
    expect(mayPublish(null, "submitted", 99)).toBe(false);
  });

  it("a Manager always, unless a second approval is required: then only what someone else submitted", () => {
    expect(mayPublish(manager, undefined, null)).toBe(true);
    expect(mayPublish(manager, "draft", 1)).toBe(true);
    expect(mayPublish(checkedManager, undefined, null)).toBe(false);
    expect(mayPublish(checkedManager, "draft", 7)).toBe(false);
    expect(mayPublish(checkedManager, "published", 7)).toBe(false);
    expect(mayPublish(checkedManager, "submitted", 2)).toBe(false);
    expect(mayPublish(checkedManager, "submitted", null)).toBe(false);
    expect(mayPublish(checkedManager, "submitted", 7)).toBe(true);
  });
});

describe("the post form's saves", () => {
  it("offer Staff a draft or a review, and say what each does", () => {
    expect(postSaveButtons(undefined, false)).toEqual([
      { status: "draft", label: "blogs.saveDraft" },
      { status: "submitted", label: "blogs.submit" },
    ]);
    expect(postSaveButtons("published", false)).toEqual([
      { status: "draft", label: "blogs.unpublish" },
      { status: "submitted", label: "blogs.submit" },
    ]);
    expect(postSaveHint(undefined, false)).toBe("blogs.submitHint");
    expect(postSaveHint("submitted", false)).toBe("blogs.waitingHint");
    expect(postSaveHint("published", false)).toBe("blogs.resubmitHint");
  });

  it("offer a Manager to publish, to approve what waits for review, and to save a published post", () => {
    expect(postSaveButtons("draft", true)[1]).toEqual({ status: "published", label: "blogs.publish" });
    expect(postSaveButtons("submitted", true)[1]).toEqual({ status: "published", label: "blogs.approve" });
    expect(postSaveButtons("published", true)).toEqual([
      { status: "draft", label: "blogs.unpublish" },
      { status: "published", label: "common.save" },
    ]);
    expect(postSaveHint("submitted", true)).toBe("blogs.approveHint");
    expect(postSaveHint("published", true)).toBe("blogs.unpublishHint");
    expect(postSaveHint(undefined, true)).toBe("blogs.draftHint");
  });
});
