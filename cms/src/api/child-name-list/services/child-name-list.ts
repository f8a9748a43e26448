import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::child-name-list.child-name-list');
