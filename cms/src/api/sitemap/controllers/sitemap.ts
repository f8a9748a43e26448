import { PUBLIC_VIDEO_STATES } from '../../../contract/shared/video-status';
import type { Context } from 'koa';
import { PUBLISHED_POSTS } from '../../../contract/definitions';

const DEFAULT_LOCALE = 'en';

export default {
  /**
   * GET /api/sitemap-entries -> {posts: [[id, updatedAt], ...], images, videos, members}: every
   * post's id (its URL) and last change, newest first, and how many gallery images, videos and
   * team members there are (the web lists their pages). One SQL query for the posts, only two columns: the GraphQL API
   * would need a round trip per 100 posts and read every field.
   */
  async entries(ctx: Context) {
    try {
      const [posts, images, videos, members] = await Promise.all([
        strapi.db.query('api::blog.blog').findMany({
          where: { locale: DEFAULT_LOCALE, ...PUBLISHED_POSTS },
          select: ['id', 'updatedAt'],
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        }),
        strapi.db.query('api::image-gallery.image-gallery').count({ where: { locale: DEFAULT_LOCALE } }),
        strapi.db.query('api::video-gallery.video-gallery').count({
          where: { locale: DEFAULT_LOCALE, $or: [{ videoStatus: { $in: PUBLIC_VIDEO_STATES } }, { videoStatus: { $null: true } }] },
        }),
        strapi.db.query('api::team-member.team-member').count({ where: { locale: DEFAULT_LOCALE } }),
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
