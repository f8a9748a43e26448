import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::organization-page.organization-page');
