import { DEFAULT_LOCALE, isLocaleCode } from './bootstrap/locales';

/**
 * Strapi 5's GraphQL exposes only `documentId`; the public site's URLs use the numeric id of the
 * spec (/blogs/details/{id}). This adds `numericId` to the collection types and a lookup by it.
 *
 * Each language version is its own row with its own id (issue 7), but an entry has one number:
 * its English row's id, the id of the REST contract and of the site's URLs. `numericId` is that id
 * on every language version, and `blogByNumericId(id, locale)` finds the entry by it and returns
 * the version in `locale`.
 */
const TYPES: Record<string, string> = {
  TeamMember: 'api::team-member.team-member',
  ImageGallery: 'api::image-gallery.image-gallery',
  VideoGallery: 'api::video-gallery.video-gallery',
  Blog: 'api::blog.blog',
};

interface Row {
  id: number;
  documentId: string;
  locale?: string | null;
}

/**
 * English ids by documentId for the rows of one request, DataLoader style: every lookup made while
 * a response is being resolved (a list of 100 posts asks 100 times in the same turn) is answered
 * by one query per type, and repeated lookups within the request are cached.
 */
class EnglishIdLoader {
  private readonly cache = new Map<string, Promise<number | null>>();
  private queue = new Map<string, (id: number | null) => void>();

  constructor(private readonly uid: string) {}

  load(documentId: string): Promise<number | null> {
    let promise = this.cache.get(documentId);
    if (!promise) {
      promise = new Promise((resolve) => {
        if (this.queue.size === 0) setImmediate(() => void this.flush());
        this.queue.set(documentId, resolve);
      });
      this.cache.set(documentId, promise);
    }
    return promise;
  }

  private async flush() {
    const batch = this.queue;
    this.queue = new Map();
    try {
      const rows = (await strapi.db.query(this.uid as never).findMany({
        where: { documentId: { $in: [...batch.keys()] }, locale: DEFAULT_LOCALE },
        select: ['id', 'documentId'],
      })) as Row[];
      const ids = new Map(rows.map((row) => [row.documentId, row.id]));
      for (const [documentId, resolve] of batch) resolve(ids.get(documentId) ?? null);
    } catch (error) {
      strapi.log.error(`[graphql] numericId lookup failed: ${(error as Error).message}`);
      for (const resolve of batch.values()) resolve(null);
    }
  }
}

// One set of loaders per GraphQL request (the context object lives as long as the request).
const loadersByRequest = new WeakMap<object, Map<string, EnglishIdLoader>>();

const loaderFor = (context: object, uid: string) => {
  let loaders = loadersByRequest.get(context);
  if (!loaders) loadersByRequest.set(context, (loaders = new Map()));
  let loader = loaders.get(uid);
  if (!loader) loaders.set(uid, (loader = new EnglishIdLoader(uid)));
  return loader;
};

/** The English row's id of any language version; a version without an English row keeps its own id. */
export async function englishId(uid: string, row: Row, context: object): Promise<number> {
  if (!row.locale || row.locale === DEFAULT_LOCALE || !row.documentId) return row.id;
  return (await loaderFor(context, uid).load(row.documentId)) ?? row.id;
}

export function registerGraphqlExtension() {
  const extension = strapi.plugin('graphql').service('extension');
  extension.use(({ nexus }: { nexus: any }) => ({
    types: [
      ...Object.entries(TYPES).map(([type, uid]) =>
        nexus.extendType({
          type,
          definition(t: any) {
            t.nonNull.int('numericId', {
              description: "The entry's number in the REST API and the site's URLs: its English version's id, the same in every locale.",
              resolve: (parent: Row, _args: unknown, context: object) => englishId(uid, parent, context),
            });
          },
        }),
      ),
      nexus.extendType({
        type: 'Query',
        definition(t: any) {
          t.field('blogByNumericId', {
            type: 'Blog',
            description: 'The blog post with this numericId, in `locale` (default en); null if it has no version in that locale.',
            args: { id: nexus.nonNull(nexus.intArg()), locale: nexus.arg({ type: 'I18NLocaleCode' }) },
            resolve: async (_parent: unknown, { id, locale }: { id: number; locale?: string | null }) => {
              const wanted = locale ?? DEFAULT_LOCALE;
              if (!isLocaleCode(wanted)) return null;
              const english = (await strapi.db.query('api::blog.blog').findOne({
                where: { id, locale: DEFAULT_LOCALE },
                select: ['documentId'],
              })) as Pick<Row, 'documentId'> | null;
              if (!english) return null;
              return strapi.documents('api::blog.blog').findOne({ documentId: english.documentId, locale: wanted });
            },
          });
        },
      }),
    ],
    resolversConfig: {
      'Query.blogByNumericId': { auth: { scope: ['api::blog.blog.findOne'] } },
    },
  }));
}
