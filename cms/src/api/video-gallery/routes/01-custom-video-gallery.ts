import { contractRoutes } from '../../../contract/actions';

export default contractRoutes('video-gallery', 'api::video-gallery.video-gallery');
