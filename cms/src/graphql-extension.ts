import DataLoader from 'dataloader';
import { DEFAULT_LOCALE, isLocaleCode } from './bootstrap/locales';
import { PUBLIC_VIDEO_STATES } from './contract/shared/video-status';
import { isPublicPost } from './contract/shared/post-status';
import { withheldPhotos } from './consent/withheld';

/**
 * Strapi 5's GraphQL exposes only `documentId`; the public site's URLs use the numeric id of the
 * spec (/blogs/details/{id}). This adds `numericId` to the collection types and a lookup by it.
 *
 * Each language version is its own row with its own id, but an entry has one number:
 * its English row's id, the id of the REST contract and of the site's URLs. `numericId` is that id
 * on every language version, and `blogByNumericId(id, locale)` finds the entry by it and returns
 * the version in `locale`.
 */
const TYPES: Record<string, string> = {
  TeamMember: 'api::team-member.team-member',
  ImageGallery: 'api::image-gallery.image-gallery',
  VideoGallery: 'api::video-gallery.video-gallery',
  Blog: 'api::blog.blog',
  DonationMethod: 'api::donation-method.donation-method',
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
 * Media and component fields of the rows of a response, per content type: every field asked for
 * any row of the type in the same turn is loaded with one `findMany` + `populate` (Strapi batches
 * each populated field over all the rows). Strapi's own resolvers load them row by row and field
 * by field, two queries and a query validation each, which was most of the work of a page's query
 * (home 66 SQL queries). Errors reach every field asked, as with Strapi's resolvers.
 */
const fieldsLoader = (uid: string) =>
  new DataLoader<{ id: number; field: string }, unknown, string>(
    async (keys) => {
      const ids = [...new Set(keys.map((key) => key.id))];
      const fields = [...new Set(keys.map((key) => key.field))];
      const rows = (await strapi.db.query(uid as never).findMany({
        where: { id: { $in: ids } },
        select: ['id'],
        populate: Object.fromEntries(fields.map((field) => [field, true])),
      })) as Array<{ id: number } & Record<string, unknown>>;
      const byId = new Map(rows.map((row) => [row.id, row]));
      return keys.map(({ id, field }) => byId.get(id)?.[field] ?? null);
    },
    { cacheKeyFn: ({ id, field }) => `${id} ${field}` },
  );

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
export async function mediaOf(uid: string, field: string, parent: { id: number }, context: object): Promise<UploadFile | null> {
  const file = (await loaderFor(context, `fields ${uid}`, () => fieldsLoader(uid)).load({ id: parent.id, field })) as UploadFile | null;
  // A photo whose consent was withdrawn is in no answer: a team member or post shows without it
  // (a gallery item, whose file is required, is left out of its list instead).
  if (!file || (await withheldPhotos()).fileIds.has(file.id)) return null;
  return strapi.plugin('upload').service('file').signFileUrls(file);
}

/**
 * The component(s) in `field` of the row `parent` of `uid`, batched per request; a repeatable one
 * is cut at GraphQL's default page size, as Strapi's resolver does when the query gives no arguments.
 */
export async function componentsOf(uid: string, field: string, repeatable: boolean, parent: { id: number }, context: object) {
  const value = await loaderFor(context, `fields ${uid}`, () => fieldsLoader(uid)).load({ id: parent.id, field });
  if (!repeatable) return value ?? null;
  return ((value as unknown[] | null) ?? []).slice(0, strapi.plugin('graphql').config('defaultLimit') as number);
}

/** No filters, no sort, no pagination: what the web app's queries ask of nested fields. */
const hasNoArgs = (args: Record<string, unknown>) =>
  Object.values(args).every(
    (value) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0),
  );

type Attribute = { type: string; multiple?: boolean; repeatable?: boolean; private?: boolean };
type Model = { uid: string; globalId: string; attributes: Record<string, Attribute> };
type FieldResolver = (parent: { id: number }, args: Record<string, unknown>, context: object, info: unknown) => unknown;

/**
 * Batched resolvers for the single media and the component fields of the project's content types
 * and components, by GraphQL type name. A component field queried with arguments (filters, sort,
 * pagination) keeps Strapi's own resolver.
 */
function batchedFieldResolvers(naming: { getTypeName(model: Model): string; getComponentName(model: Model): string }) {
  const models = [
    ...(Object.values(strapi.contentTypes) as unknown as Model[])
      .filter((model) => model.uid.startsWith('api::'))
      .map((model) => [naming.getTypeName(model), model] as const),
    ...(Object.values(strapi.components) as unknown as Model[]).map((model) => [naming.getComponentName(model), model] as const),
  ];
  const resolvers: Record<string, Record<string, FieldResolver>> = {};
  for (const [typeName, model] of models) {
    for (const [field, attribute] of Object.entries(model.attributes)) {
      // Private fields (a video's kept upload) are not in the schema.
      if (attribute.private) continue;
      if (attribute.type === 'media' && !attribute.multiple) {
        (resolvers[typeName] ??= {})[field] = (parent, _args, context) => mediaOf(model.uid, field, parent, context);
      } else if (attribute.type === 'component') {
        let stock: FieldResolver | undefined;
        (resolvers[typeName] ??= {})[field] = (parent, args, context, info) => {
          if (hasNoArgs(args)) return componentsOf(model.uid, field, Boolean(attribute.repeatable), parent, context);
          stock ??= strapi
            .plugin('graphql')
            .service('builders')
            .get('content-api')
            .buildComponentResolver({ contentTypeUID: model.uid, attributeName: field, strapi });
          return stock!(parent, args, context, info);
        };
      }
    }
  }
  return resolvers;
}

type Resolve = (parent: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => unknown;

/** GraphQL is for public reads: a video still being converted, or that failed, is not one of them. */
const onlyPublicVideos = (resolve: Resolve, parent: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => {
  const visible = { or: [{ videoStatus: { in: PUBLIC_VIDEO_STATES } }, { videoStatus: { null: true } }] };
  const filters = args.filters ? { and: [args.filters, visible] } : visible;
  return resolve(parent, { ...args, filters }, context, info);
};

/**
 * A gallery item is its photo or video: when the file's consent is withdrawn the item is left out
 * of the lists (its media field is required, so an item without it could not be answered).
 */
const withoutWithheld =
  (uid: string) => async (resolve: Resolve, parent: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => {
    const hidden = (await withheldPhotos()).hiddenItems.get(uid) ?? [];
    if (hidden.length === 0) return resolve(parent, args, context, info);
    const shown = { documentId: { notIn: hidden } };
    const filters = args.filters ? { and: [args.filters, shown] } : shown;
    return resolve(parent, { ...args, filters }, context, info);
  };

/** GraphQL is for public reads: a draft or submitted entry is not one of them (the staff preview of a post has its own query). */
const onlyPublished = (resolve: Resolve, parent: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => {
  const published = { or: [{ publication: { eq: 'published' } }, { publication: { null: true } }] };
  const filters = args.filters ? { and: [args.filters, published] } : published;
  return resolve(parent, { ...args, filters }, context, info);
};

/** A single entry asked by its documentId: none unless it is published (the status is read from the English row, whatever the answer holds). */
const unlessDraft =
  (uid: string) => async (resolve: Resolve, parent: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => {
    const entry = (await resolve(parent, args, context, info)) as { documentId?: string } | null;
    if (!entry?.documentId) return entry;
    const stored = (await strapi.db.query(uid as never).findOne({
      where: { documentId: entry.documentId, locale: DEFAULT_LOCALE },
      select: ['publication'],
    })) as { publication?: unknown } | null;
    return stored && !isPublicPost(stored.publication) ? null : entry;
  };

/** The root query fields this extension adds, with the kind each one reads (read-kinds.ts). */
export const OWN_QUERY_FIELDS = {
  blogByNumericId: 'api::blog.blog',
  blogPreviewByNumericId: 'api::blog.blog',
} as const;

/** The post with this numericId in `locale`, unpublished ones included or not. */
async function postByNumericId(id: number, locale: string | null | undefined, withDrafts: boolean) {
  const wanted = locale ?? DEFAULT_LOCALE;
  if (!isLocaleCode(wanted)) return null;
  const english = (await strapi.db.query('api::blog.blog').findOne({
    where: { id, locale: DEFAULT_LOCALE },
    select: ['documentId', 'publication'],
  })) as (Pick<Row, 'documentId'> & { publication?: unknown }) | null;
  if (!english || (!withDrafts && !isPublicPost(english.publication))) return null;
  return strapi.documents('api::blog.blog').findOne({ documentId: english.documentId, locale: wanted });
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
          t.field('blogByNumericId' satisfies keyof typeof OWN_QUERY_FIELDS, {
            type: 'Blog',
            description: 'The blog post with this numericId, in `locale` (default en); null if it has no version in that locale.',
            args: { id: nexus.nonNull(nexus.intArg()), locale: nexus.arg({ type: 'I18NLocaleCode' }) },
            resolve: (_parent: unknown, { id, locale }: { id: number; locale?: string | null }) => postByNumericId(id, locale, false),
          });
          t.field('blogPreviewByNumericId' satisfies keyof typeof OWN_QUERY_FIELDS, {
            type: 'Blog',
            description: 'For staff: the blog post with this numericId, draft or published, in `locale` (default en).',
            args: { id: nexus.nonNull(nexus.intArg()), locale: nexus.arg({ type: 'I18NLocaleCode' }) },
            resolve: (_parent: unknown, { id, locale }: { id: number; locale?: string | null }) => postByNumericId(id, locale, true),
          });
        },
      }),
    ],
    resolvers: batchedFieldResolvers(strapi.plugin('graphql').service('utils').naming),
    resolversConfig: {
      'Query.blogByNumericId': { auth: { scope: ['api::blog.blog.findOne'] } },
      // Whoever may edit posts may see their drafts: Staff and Managers, never visitors.
      'Query.blogPreviewByNumericId': { auth: { scope: ['api::blog.blog.contractUpdate'] } },
      // Visitors see published posts, gallery items and team members only.
      'Query.blogs': { middlewares: [onlyPublished] },
      'Query.blogs_connection': { middlewares: [onlyPublished] },
      'Query.blog': { middlewares: [unlessDraft('api::blog.blog')] },
      'Query.teamMembers': { middlewares: [onlyPublished] },
      'Query.teamMembers_connection': { middlewares: [onlyPublished] },
      'Query.teamMember': { middlewares: [unlessDraft('api::team-member.team-member')] },
      // Visitors see a gallery video once it plays everywhere (or as uploaded, without an encoder).
      // A single one is asked by its documentId, which only these lists give out.
      'Query.videoGalleries': { middlewares: [onlyPublished, onlyPublicVideos, withoutWithheld('api::video-gallery.video-gallery')] },
      'Query.videoGalleries_connection': {
        middlewares: [onlyPublished, onlyPublicVideos, withoutWithheld('api::video-gallery.video-gallery')],
      },
      'Query.videoGallery': { middlewares: [unlessDraft('api::video-gallery.video-gallery')] },
      'Query.imageGalleries': { middlewares: [onlyPublished, withoutWithheld('api::image-gallery.image-gallery')] },
      'Query.imageGalleries_connection': { middlewares: [onlyPublished, withoutWithheld('api::image-gallery.image-gallery')] },
      'Query.imageGallery': { middlewares: [unlessDraft('api::image-gallery.image-gallery')] },
    },
  }));
}
