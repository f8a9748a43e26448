import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::video-gallery.video-gallery');
