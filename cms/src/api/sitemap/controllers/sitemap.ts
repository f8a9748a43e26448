import type { Context } from 'koa';
import { imageGallery, PUBLISHED_ENTRIES, teamMember, videoGallery } from '../../../contract/definitions';

const DEFAULT_LOCALE = 'en';

export default {
  /**
   * GET /api/sitemap-entries -> {posts: [[id, updatedAt], ...], images, videos, members}: every
   * published post's id (its URL) and last change, newest first, and how many gallery images,
   * videos and team members visitors see (the web lists their pages). One SQL query for the posts, only two columns: the GraphQL API
   * would need a round trip per 100 posts and read every field.
   */
  async entries(ctx: Context) {
    try {
      const [posts, images, videos, members] = await Promise.all([
        strapi.db.query('api::blog.blog').findMany({
          where: { locale: DEFAULT_LOCALE, ...PUBLISHED_ENTRIES },
          select: ['id', 'updatedAt'],
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        }),
        ...[imageGallery, videoGallery, teamMember].map((def) =>
          strapi.db.query(def.uid as never).count({ where: { $and: [{ locale: DEFAULT_LOCALE }, def.publicFilters ?? {}] } }),
        ),
      ]);
      const updated = (value: unknown) => new Date(value as string | number).toISOString();
      ctx.body = { posts: posts.map((post) => [post.id, updated(post.updatedAt)]), images, videos, members };
    } catch (error) {
      strapi.log.error(`[sitemap] ${(error as Error).stack ?? error}`);
      ctx.status = 500;
      ctx.body = { message: 'Something went wrong' };
    }
  },
};
