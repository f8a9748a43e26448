import { factories } from '@strapi/strapi';
import { createContractActions } from '../../../contract/actions';
import { videoGallery } from '../../../contract/definitions';

// Strapi's core actions plus the product spec's /api/video-gallery contract (routes/01-custom-video-gallery.ts).
export default factories.createCoreController('api::video-gallery.video-gallery', () => createContractActions(videoGallery));
