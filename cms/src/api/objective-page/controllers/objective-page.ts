import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::objective-page.objective-page');
