import { table, type Transaction } from './db';

/**
 * Stored files (media-library rows and their bytes on the upload provider) and the entries that
 * use them. One file may be linked to several entries and components (the Strapi console lets an
 * editor pick any file of the media library), so a file goes only when nothing links to it any more.
 */
const FILE_UID = 'plugin::upload.file';

/** The entries and components that point at a stored file: `type:id` (e.g. `api::blog.blog:3`). */
export async function fileLinks(fileId: number, trx?: Transaction): Promise<string[]> {
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
  return rows.map((row) => `${row.type}:${row.id}`);
}

/** Removes a stored file (row, bytes and resized copies) unless an entry or page still points at it. */
export async function removeIfUnused(fileId: number) {
  if ((await fileLinks(fileId)).length > 0) return false;
  const file = await strapi.db.query(FILE_UID).findOne({ where: { id: fileId } });
  if (file) await strapi.plugin('upload').service('upload').remove(file);
  return Boolean(file);
}
