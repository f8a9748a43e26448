import { contractRoutes } from '../../../contract/actions';

export default contractRoutes('image-gallery', 'api::image-gallery.image-gallery');
