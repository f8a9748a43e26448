import { contractRoutes } from '../../../contract/actions';
import { donationMethod } from '../../../contract/definitions';

// Public reads; only the Manager role holds the writes (bootstrap/permissions.ts).
export default contractRoutes(donationMethod);
