import { contractRoutes } from '../../../contract/actions';
import { videoGallery } from '../../../contract/definitions';

export default contractRoutes(videoGallery);
