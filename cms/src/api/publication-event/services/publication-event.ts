import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::publication-event.publication-event');
