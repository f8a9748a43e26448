import { blog } from '../../../contract/definitions';
import { publicReadsService } from '../../../contract/public-reads-service';

export default publicReadsService({ ...blog, publicFilters: blog.publicFilters! });
