import { table, type Transaction } from './db';
import { postBodiesUse } from './media/post-body-uploads';
import { storedName } from './media/stored-files';

/**
 * Stored files (media-library rows and their bytes on the upload provider) and the entries that
 * use them. One file may be linked to several entries and components (the Strapi console lets an
 * editor pick any file of the media library), so a file goes only when nothing links to it any more.
 */
const FILE_UID = 'plugin::upload.file';
const CONSENT_UID = 'api::photo-consent.photo-consent';

/** The entries and components that point at a stored file, by their uid and row id. */
export async function linkedRows(fileId: number, trx?: Transaction): Promise<{ uid: string; id: number }[]> {
  const meta = strapi.db.metadata.get(FILE_UID) as unknown as {
    attributes: {
      related: {
        joinTable: {
          name: string;
          joinColumn: { name: string };
          morphColumn: { idColumn: { name: string }; typeColumn: { name: string } };
        };
      };
    };
  };
  const morph = meta.attributes.related.joinTable;
  const rows = (await table(morph.name, trx)
    .where(morph.joinColumn.name, fileId)
    .select({ id: morph.morphColumn.idColumn.name, type: morph.morphColumn.typeColumn.name })) as { id: number; type: string }[];
  return rows.map((row) => ({ uid: row.type, id: Number(row.id) }));
}

/** The entries and components that point at a stored file: `type:id` (e.g. `api::blog.blog:3`). */
export async function fileLinks(fileId: number, trx?: Transaction): Promise<string[]> {
  return (await linkedRows(fileId, trx)).map((row) => `${row.uid}:${row.id}`);
}

/** The stored names of a file: its original and its resized copies (a post may show either). */
export function namesOf(file: { url?: unknown; formats?: unknown }): string[] {
  const formats = (typeof file.formats === 'string' ? JSON.parse(file.formats) : file.formats) as Record<string, { url?: unknown }> | null;
  return [file.url, ...Object.values(formats ?? {}).map((format) => format?.url)]
    .map(storedName)
    .filter((name): name is string => Boolean(name));
}

/**
 * Removes a stored file (row, bytes and resized copies) unless an entry or page still points at it,
 * by a media field or from a post's body (a photo inside the text), or its consent was withdrawn:
 * that photo stays with its record (no visitor is served it), when its entry is deleted or given
 * another photo too.
 */
export async function removeIfUnused(fileId: number) {
  if ((await fileLinks(fileId)).length > 0) return false;
  if (await strapi.db.query(CONSENT_UID).findOne({ where: { fileId, withdrawnAt: { $notNull: true } }, select: ['id'] })) return false;
  const file = await strapi.db.query(FILE_UID).findOne({ where: { id: fileId } });
  if (!file || (await postBodiesUse(namesOf(file)))) return false;
  await strapi.plugin('upload').service('upload').remove(file);
  return true;
}

/** Removes the stored files of these names (`photo_ab12.jpg`) that nothing uses any more. */
export async function removeUnusedByName(names: Iterable<string>) {
  for (const name of names) {
    const file = (await strapi.db.query(FILE_UID).findOne({ where: { url: `/uploads/${name}` }, select: ['id'] })) as { id: number } | null;
    if (file) await removeIfUnused(file.id);
  }
}
