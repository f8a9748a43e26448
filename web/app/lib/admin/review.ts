import type { PostStatus } from "@contract/post-status";
import type { AdminMessageKey } from "./messages";

/**
 * Who may put a post in front of visitors, as the CMS decides it (cms/src/contract/review.ts):
 * Staff write and submit; a Manager publishes, their own posts too unless the home requires a
 * second person's approval, in which case a Manager publishes only what someone else submitted.
 * The form offers only the saves the CMS accepts.
 */

/** The signed-in person, as the admin layout knows them. */
export interface Publisher {
  id: number;
  isManager: boolean;
  /** Whether their own posts go public when they save them (a Manager, unless a second approval is required). */
  publishesOwnWork: boolean;
}

/** Whether `who` may publish a post now in `status`, last changed by the account `lastEditorId`. */
export function mayPublish(who: Publisher | null | undefined, status: PostStatus | undefined, lastEditorId: number | null): boolean {
  if (!who?.isManager) return false;
  if (who.publishesOwnWork) return true;
  return status === "submitted" && lastEditorId !== null && lastEditorId !== who.id;
}

export interface SaveButton {
  status: PostStatus;
  label: AdminMessageKey;
}

/** The form's two saves, the quiet one first: keep it from visitors, then publish it or send it for review. */
export function postSaveButtons(status: PostStatus | undefined, canPublish: boolean): [SaveButton, SaveButton] {
  const keep: SaveButton = { status: "draft", label: status === "published" ? "blogs.unpublish" : "blogs.saveDraft" };
  if (!canPublish) return [keep, { status: "submitted", label: "blogs.submit" }];
  const label: AdminMessageKey = status === "published" ? "common.save" : status === "submitted" ? "blogs.approve" : "blogs.publish";
  return [keep, { status: "published", label }];
}

/**
 * The line under the saves that says what they do, by status: [to someone who may publish it, to
 * someone who submits it]. A post's hints point to its preview; other entries have none.
 */
const SAVE_HINTS: Record<"post" | "entry", Record<PostStatus, [AdminMessageKey, AdminMessageKey]>> = {
  post: {
    published: ["blogs.unpublishHint", "blogs.resubmitHint"],
    submitted: ["blogs.approveHint", "blogs.waitingHint"],
    draft: ["blogs.draftHint", "blogs.submitHint"],
  },
  entry: {
    published: ["review.unpublishHint", "review.resubmitHint"],
    submitted: ["review.approveHint", "blogs.waitingHint"],
    draft: ["review.draftHint", "blogs.submitHint"],
  },
};

/** The line under the saves for an entry in `status` (none yet: a new one). */
export function postSaveHint(status: PostStatus | undefined, canPublish: boolean, isPost = true): AdminMessageKey {
  const [toPublisher, toWriter] = SAVE_HINTS[isPost ? "post" : "entry"][status ?? "draft"];
  return canPublish ? toPublisher : toWriter;
}

/** The badge of a post's status in lists and on its page. */
export const STATUS_LABELS: Record<PostStatus, AdminMessageKey> = {
  draft: "blogs.status.draft",
  submitted: "blogs.status.submitted",
  published: "blogs.status.published",
};

export const STATUS_BADGE_CLASSES: Record<PostStatus, string> = {
  draft: "bg-sand text-ink",
  submitted: "bg-amber-100 text-amber-900",
  published: "bg-green-100 text-green-800",
};

/** A line of an entry's record at the CMS: a change of its status, or a photo's consent withdrawn; who, what, when. */
export interface PublicationEvent {
  action: "submitted" | "approved" | "published" | "unpublished" | "returned" | "withdrawn";
  by: string;
  at: string;
  /** The photo whose consent was withdrawn (its stored name). */
  photo?: string;
}

export const PUBLICATION_ACTION_LABELS: Record<PublicationEvent["action"], AdminMessageKey> = {
  submitted: "blogs.history.submitted",
  approved: "blogs.history.approved",
  published: "blogs.history.published",
  unpublished: "blogs.history.unpublished",
  returned: "blogs.history.returned",
  withdrawn: "blogs.history.withdrawn",
};
