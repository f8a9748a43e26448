/**
 * Where a blog post is on its way to visitors (the contract's `status`, shared by cms/ and web/,
 * like rules.ts):
 * - `draft`: saved, seen only by staff (the admin and its preview);
 * - `submitted`: sent by a member of staff for a Manager's review, still seen only by staff;
 * - `published`: visitors see it.
 * No public page, feed, sitemap, GraphQL answer or anonymous contract answer shows a post that is
 * not published. The CMS keeps the status in the post's `publication` attribute, which every
 * language version shares.
 */
export type PostStatus = 'draft' | 'submitted' | 'published';

export const POST_STATUSES: readonly PostStatus[] = ['draft', 'submitted', 'published'];

/** A Manager's save that names no status publishes, as every save did before drafts. */
export const DEFAULT_POST_STATUS: PostStatus = 'published';

/** A Staff save that names no status goes to a Manager for review: Staff never publish. */
export const DEFAULT_STAFF_POST_STATUS: PostStatus = 'submitted';

export const isPostStatus = (value: unknown): value is PostStatus => POST_STATUSES.includes(value as PostStatus);

/** A post stored before drafts has no `publication`: it was public, and stays so. */
export const postStatusOf = (publication: unknown): PostStatus =>
  publication === 'draft' || publication === 'submitted' ? publication : 'published';

/** Whether visitors see a post with this stored `publication`. */
export const isPublicPost = (publication: unknown): boolean => postStatusOf(publication) === 'published';

export const POST_STATUS_MESSAGE = 'Status must be draft, submitted or published';

/** A Staff save asking to publish (the contract's 403). */
export const STAFF_CANNOT_PUBLISH_MESSAGE = 'Only a Manager can publish. Submit it for review instead.';

/** With a second approval required, a Manager's publish of a post nobody else submitted (403). */
export const SECOND_APPROVAL_MESSAGE = 'Another Manager must approve this post: submit it for review.';
