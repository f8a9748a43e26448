/**
 * Strapi 5's GraphQL exposes only `documentId`; the public site's URLs use the numeric id of the
 * spec (/blogs/details/{id}). This adds `numericId` to the collection types and a lookup by it.
 */
const TYPES = ['TeamMember', 'ImageGallery', 'VideoGallery', 'Blog'];

export function registerGraphqlExtension() {
  const extension = strapi.plugin('graphql').service('extension');
  extension.use(({ nexus }: { nexus: any }) => ({
    types: [
      ...TYPES.map((type) =>
        nexus.extendType({
          type,
          definition(t: any) {
            t.nonNull.int('numericId', { resolve: (parent: { id: number }) => parent.id });
          },
        }),
      ),
      nexus.extendType({
        type: 'Query',
        definition(t: any) {
          t.field('blogByNumericId', {
            type: 'Blog',
            args: { id: nexus.nonNull(nexus.intArg()) },
            resolve: (_parent: unknown, { id }: { id: number }) =>
              strapi.documents('api::blog.blog').findFirst({ filters: { id } }),
          });
        },
      }),
    ],
    resolversConfig: {
      'Query.blogByNumericId': { auth: { scope: ['api::blog.blog.findOne'] } },
    },
  }));
}
