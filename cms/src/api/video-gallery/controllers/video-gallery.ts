import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::video-gallery.video-gallery');
