import DataLoader from 'dataloader';
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
 * A DataLoader whose batch answers every key asked in the same turn of one GraphQL response (a
 * list of 100 posts asks 100 times) with one query; keys asked again within the response are
 * answered from the first answer. A failed query is logged and answers `missing`.
 */
function batchLoader<K, V>(what: string, missing: V, fetchBatch: (keys: readonly K[]) => Promise<Map<K, V>>) {
  return new DataLoader<K, V>(async (keys) => {
    try {
      const found = await fetchBatch(keys);
      return keys.map((key) => found.get(key) ?? missing);
    } catch (error) {
      strapi.log.error(`[graphql] ${what} lookup failed: ${(error as Error).message}`);
      return keys.map(() => missing);
    }
  });
}

/** English ids by documentId: one query per type for all the versions of a response. */
const englishIdLoader = (uid: string) =>
  batchLoader<string, number | null>('numericId', null, async (documentIds) => {
    const rows = (await strapi.db.query(uid as never).findMany({
      where: { documentId: { $in: documentIds }, locale: DEFAULT_LOCALE },
      select: ['id', 'documentId'],
    })) as Row[];
    return new Map(rows.map((row) => [row.documentId, row.id]));
  });

type UploadFile = Record<string, unknown> & { id: number };

/**
 * A single media field (a post's picture, a slide's image) of every row of a response in one
 * `findMany` with `populate`: Strapi's own resolver loads it row by row, two queries and a query
 * validation each, which is most of the work of a list page's query.
 */
const mediaLoader = (uid: string, field: string) =>
  batchLoader<number, UploadFile | null>(`${uid}.${field}`, null, async (ids) => {
    const rows = (await strapi.db.query(uid as never).findMany({
      where: { id: { $in: ids } },
      select: ['id'],
      populate: { [field]: true },
    })) as Array<{ id: number } & Record<string, UploadFile | null>>;
    const { signFileUrls } = strapi.plugin('upload').service('file');
    const files = await Promise.all(rows.map(async (row) => [row.id, row[field] ? await signFileUrls(row[field]) : null] as const));
    return new Map(files);
  });

// One set of loaders per GraphQL request (the context object lives as long as the request).
const loadersByRequest = new WeakMap<object, Map<string, unknown>>();

function loaderFor<K, V>(context: object, key: string, create: () => DataLoader<K, V>): DataLoader<K, V> {
  let loaders = loadersByRequest.get(context);
  if (!loaders) loadersByRequest.set(context, (loaders = new Map()));
  let loader = loaders.get(key) as DataLoader<K, V> | undefined;
  if (!loader) loaders.set(key, (loader = create()));
  return loader;
}

/** The English row's id of any language version; a version without an English row keeps its own id. */
export async function englishId(uid: string, row: Row, context: object): Promise<number> {
  if (!row.locale || row.locale === DEFAULT_LOCALE || !row.documentId) return row.id;
  return (await loaderFor(context, `numericId ${uid}`, () => englishIdLoader(uid)).load(row.documentId)) ?? row.id;
}

/** The file in the single media field `field` of the row `parent` of `uid`, batched per request. */
export function mediaOf(uid: string, field: string, parent: { id: number }, context: object): Promise<UploadFile | null> {
  return loaderFor(context, `media ${uid}.${field}`, () => mediaLoader(uid, field)).load(parent.id);
}

type Model = { uid: string; globalId: string; attributes: Record<string, { type: string; multiple?: boolean }> };

/** Single media fields of the project's content types and components, by GraphQL type name. */
function batchedMediaResolvers(naming: { getTypeName(model: Model): string; getComponentName(model: Model): string }) {
  const models = [
    ...(Object.values(strapi.contentTypes) as unknown as Model[]).filter((model) => model.uid.startsWith('api::')).map((model) => [naming.getTypeName(model), model] as const),
    ...(Object.values(strapi.components) as unknown as Model[]).map((model) => [naming.getComponentName(model), model] as const),
  ];
  const resolvers: Record<string, Record<string, (parent: { id: number }, args: unknown, context: object) => Promise<UploadFile | null>>> = {};
  for (const [typeName, model] of models) {
    for (const [field, attribute] of Object.entries(model.attributes)) {
      if (attribute.type !== 'media' || attribute.multiple) continue;
      (resolvers[typeName] ??= {})[field] = (parent, _args, context) => mediaOf(model.uid, field, parent, context);
    }
  }
  return resolvers;
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
    resolvers: batchedMediaResolvers(strapi.plugin('graphql').service('utils').naming),
    resolversConfig: {
      'Query.blogByNumericId': { auth: { scope: ['api::blog.blog.findOne'] } },
    },
  }));
}
