import { contractRoutes } from '../../../contract/actions';

export default contractRoutes('team-member', 'api::team-member.team-member');
