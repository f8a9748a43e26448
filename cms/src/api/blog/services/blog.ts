import { factories } from '@strapi/strapi';
import { PUBLISHED_POSTS } from '../../../contract/definitions';
import { isPublicPost } from '../../../contract/shared/post-status';

/**
 * Strapi's own REST reads (GET /api/blogs, /api/blogs/{documentId}) are public: they show
 * published posts only. Staff read drafts and submitted posts through the contract (/api/blog) with their token.
 */
export default factories.createCoreService('api::blog.blog', () => ({
  async find(params: Record<string, unknown> = {}) {
    const filters = params.filters ? { $and: [params.filters, PUBLISHED_POSTS] } : PUBLISHED_POSTS;
    return super.find({ ...params, filters });
  },
  async findOne(documentId: string, params: Record<string, unknown> = {}) {
    const post = (await super.findOne(documentId, params)) as { publication?: unknown } | null;
    return post && !isPublicPost(post.publication) ? null : post;
  },
}));
