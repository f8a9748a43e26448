import { contractRoutes } from '../../../contract/actions';
import { blog } from '../../../contract/definitions';

export default contractRoutes(blog);
