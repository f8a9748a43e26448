import { imageGallery } from '../../../contract/definitions';
import { publicReadsService } from '../../../contract/public-reads-service';

export default publicReadsService({ ...imageGallery, publicFilters: imageGallery.publicFilters! });
