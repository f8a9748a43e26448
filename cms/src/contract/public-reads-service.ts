import { factories } from '@strapi/strapi';
import { withheldPhotos } from '../consent/withheld';
import { mediaFieldsOf, type ContractDefinition } from './definitions';

/**
 * The core service of a kind with drafts, whose reads are Strapi's own public REST routes
 * (GET /api/blogs, /api/image-galleries/{documentId}, ...): they show what visitors may see only
 * (the kind's `publicFilters`: published entries, and for videos those that play), and link no
 * photo whose consent was withdrawn (a team member shows without it, as in every other answer).
 * Staff read drafts and submitted entries through the contract (/api/blog, ...) with their token.
 */
export function publicReadsService(def: ContractDefinition & { publicFilters: Record<string, unknown> }) {
  /** The entry (and its other language versions, when populated) with every media field that is a withheld photo emptied. */
  const withoutWithheld = async <T>(entry: T): Promise<T> => {
    const { fileIds } = await withheldPhotos();
    return fileIds.size === 0 ? entry : emptied(entry, fileIds);
  };
  const emptied = <T>(entry: T, fileIds: Set<number>): T => {
    if (!entry || typeof entry !== 'object') return entry;
    const row = entry as Record<string, unknown>;
    const withheld = mediaFieldsOf(def).filter((field) => {
      const file = row[field] as { id?: unknown } | null | undefined;
      return typeof file?.id === 'number' && fileIds.has(file.id);
    });
    const localizations = Array.isArray(row.localizations)
      ? { localizations: row.localizations.map((other) => emptied(other, fileIds)) }
      : {};
    return { ...row, ...Object.fromEntries(withheld.map((field) => [field, null])), ...localizations } as T;
  };
  return factories.createCoreService(def.uid as never, () => ({
    async find(raw: object = {}) {
      const params = raw as Record<string, unknown>;
      const filters = params.filters ? { $and: [params.filters, def.publicFilters] } : def.publicFilters;
      const found = await super.find({ ...params, filters });
      return { ...found, results: await Promise.all(found.results.map(withoutWithheld)) };
    },
    async findOne(documentId: string, params: object = {}) {
      const entry = await super.findOne(documentId, params);
      if (!entry) return null;
      // Whether visitors may see it is read from the English row, which holds the shared status.
      const visible = await strapi.db.query(def.uid as never).count({ where: { $and: [{ documentId, locale: 'en' }, def.publicFilters] } });
      return visible > 0 ? withoutWithheld(entry) : null;
    },
  }));
}
