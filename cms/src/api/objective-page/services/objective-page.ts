import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::objective-page.objective-page');
