import { videoGallery } from '../../../contract/definitions';
import { publicReadsService } from '../../../contract/public-reads-service';

export default publicReadsService({ ...videoGallery, publicFilters: videoGallery.publicFilters! });
