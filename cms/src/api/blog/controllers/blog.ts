import { factories } from '@strapi/strapi';
import { createContractActions } from '../../../contract/actions';
import { blog } from '../../../contract/definitions';

// Strapi's core actions plus the product spec's /api/blog contract (routes/01-custom-blog.ts).
export default factories.createCoreController('api::blog.blog', () => createContractActions(blog));
