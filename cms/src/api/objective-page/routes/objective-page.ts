import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::objective-page.objective-page');
