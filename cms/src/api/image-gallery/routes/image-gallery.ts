import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::image-gallery.image-gallery');
