import { teamMember } from '../../../contract/definitions';
import { publicReadsService } from '../../../contract/public-reads-service';

export default publicReadsService({ ...teamMember, publicFilters: teamMember.publicFilters! });
