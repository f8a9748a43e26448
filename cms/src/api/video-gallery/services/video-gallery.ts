import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::video-gallery.video-gallery');
