import { storedName } from './stored-files';

/**
 * The uploads a blog post's body points at. A photo inside a post is Markdown (`![alt](/uploads/<name>)`,
 * or the CMS's absolute address when the Strapi console inserted it), not a media field, so the
 * media library's links do not know about it: this module is the one reading of those references.
 */
const BLOG_UID = 'api::blog.blog';

// Any `/uploads/<name>`, relative or after a host: counting one too many only keeps a file.
const UPLOAD_REFERENCE = /\/uploads\/([A-Za-z0-9._-]+)/g;

/** The stored names (`photo_ab12.jpg`) a post body refers to. */
export function uploadsInMarkdown(markdown: unknown): Set<string> {
  const names = new Set<string>();
  if (typeof markdown !== 'string') return names;
  for (const match of markdown.matchAll(UPLOAD_REFERENCE)) {
    const name = storedName(`/uploads/${match[1]}`);
    if (name) names.add(name);
  }
  return names;
}

/** The stored names every language version (and every state) of a post's body refers to. */
export async function uploadsInPost(documentId: string): Promise<Set<string>> {
  const rows = (await strapi.db.query(BLOG_UID).findMany({ where: { documentId }, select: ['content'] })) as { content: unknown }[];
  return new Set(rows.flatMap((row) => [...uploadsInMarkdown(row.content)]));
}

/** The rows (any language, any state) whose post body refers to one of these stored names. */
export async function postRowsShowing(names: string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = (await strapi.db.query(BLOG_UID).findMany({
    where: { $or: names.map((name) => ({ content: { $contains: `/uploads/${name}` } })) },
    select: ['id', 'content'],
  })) as { id: number; content: unknown }[];
  // The text match may be a longer name (`a.jpg` in `/uploads/a.jpg.webp`): the Markdown says.
  return rows.filter((row) => [...uploadsInMarkdown(row.content)].some((name) => names.includes(name))).map((row) => row.id);
}

/** Whether any post body (any language, any state) refers to one of these stored names. */
export async function postBodiesUse(names: string[]): Promise<boolean> {
  if (names.length === 0) return false;
  const count = await strapi.db.query(BLOG_UID).count({
    where: { $or: names.map((name) => ({ content: { $contains: `/uploads/${name}` } })) },
  });
  return count > 0;
}
