import { factories } from '@strapi/strapi';
import { createContractActions } from '../../../contract/actions';
import { imageGallery } from '../../../contract/definitions';

// Strapi's core actions plus the product spec's /api/image-gallery contract (routes/01-custom-image-gallery.ts).
export default factories.createCoreController('api::image-gallery.image-gallery', () => createContractActions(imageGallery));
