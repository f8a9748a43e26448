import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::image-gallery.image-gallery');
