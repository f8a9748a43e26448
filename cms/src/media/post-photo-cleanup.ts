import { removeUnusedByName } from '../stored-files';
import { uploadsInPost } from './post-body-uploads';

const BLOG_UID = 'api::blog.blog';

/**
 * A photo taken out of a post's text goes from the media library once the post is saved, like a
 * replaced cover, unless something still uses it (a cover, a gallery item, a team photo, a slide,
 * another post's text or another language version of this one: removeIfUnused). Every way a post
 * changes passes here: the contract, the Strapi console, content import.
 */
export function registerPostPhotoCleanup() {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== BLOG_UID || (context.action !== 'update' && context.action !== 'delete')) return next();
    const documentId = (context.params as { documentId?: unknown }).documentId;
    if (typeof documentId !== 'string') return next();
    const before = await uploadsInPost(documentId);
    const result = await next();
    if (before.size === 0) return result;
    const after = await uploadsInPost(documentId);
    const dropped = [...before].filter((name) => !after.has(name));
    if (dropped.length === 0) return result;
    // Only once the save is committed: a save that rolls back still shows the photo.
    const remove = () =>
      removeUnusedByName(dropped).catch((error: unknown) => strapi.log.error(`[media] post photo cleanup: ${String(error)}`));
    if (!strapi.db.inTransaction()) await remove();
    else await strapi.db.transaction(({ onCommit }) => onCommit(() => void remove()));
    return result;
  });
}
