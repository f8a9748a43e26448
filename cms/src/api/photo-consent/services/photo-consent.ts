import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::photo-consent.photo-consent');
