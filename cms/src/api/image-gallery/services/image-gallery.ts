import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::image-gallery.image-gallery');
