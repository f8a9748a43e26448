import { contractRoutes } from '../../../contract/actions';
import { teamMember } from '../../../contract/definitions';

export default contractRoutes(teamMember);
