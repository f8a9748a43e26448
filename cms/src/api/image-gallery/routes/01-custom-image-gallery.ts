import { contractRoutes } from '../../../contract/actions';
import { imageGallery } from '../../../contract/definitions';

export default contractRoutes(imageGallery);
