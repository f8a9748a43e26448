import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::organization-page.organization-page');
