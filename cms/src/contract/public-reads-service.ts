import { factories } from '@strapi/strapi';
import type { ContractDefinition } from './definitions';

/**
 * The core service of a kind with drafts, whose reads are Strapi's own public REST routes
 * (GET /api/blogs, /api/image-galleries/{documentId}, ...): they show what visitors may see only
 * (the kind's `publicFilters`: published entries, and for videos those that play). Staff read
 * drafts and submitted entries through the contract (/api/blog, ...) with their token.
 */
export function publicReadsService(def: ContractDefinition & { publicFilters: Record<string, unknown> }) {
  return factories.createCoreService(def.uid as never, () => ({
    async find(raw: object = {}) {
      const params = raw as Record<string, unknown>;
      const filters = params.filters ? { $and: [params.filters, def.publicFilters] } : def.publicFilters;
      return super.find({ ...params, filters });
    },
    async findOne(documentId: string, params: object = {}) {
      const entry = await super.findOne(documentId, params);
      if (!entry) return null;
      // Whether visitors may see it is read from the English row, which holds the shared status.
      const visible = await strapi.db.query(def.uid as never).count({ where: { $and: [{ documentId, locale: 'en' }, def.publicFilters] } });
      return visible > 0 ? entry : null;
    },
  }));
}
