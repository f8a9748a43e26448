/**
 * Where a blog post is on its way to visitors (the contract's `status`, shared by cms/ and web/,
 * like rules.ts):
 * - `draft`: saved, seen only by staff (the admin and its preview); no public page, feed, sitemap,
 *   GraphQL answer or anonymous contract answer shows it;
 * - `published`: visitors see it.
 * The CMS keeps it in the post's `publication` attribute, which every language version shares.
 */
export type PostStatus = 'draft' | 'published';

export const POST_STATUSES: readonly PostStatus[] = ['draft', 'published'];

/** A save that names no status publishes, as every save did before drafts. */
export const DEFAULT_POST_STATUS: PostStatus = 'published';

export const isPostStatus = (value: unknown): value is PostStatus => POST_STATUSES.includes(value as PostStatus);

/** A post stored before drafts has no `publication`: it was public, and stays so. */
export const postStatusOf = (publication: unknown): PostStatus => (publication === 'draft' ? 'draft' : 'published');

export const POST_STATUS_MESSAGE = 'Status must be draft or published';
