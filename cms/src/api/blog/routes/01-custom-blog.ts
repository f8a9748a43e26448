import { contractRoutes } from '../../../contract/actions';

export default contractRoutes('blog', 'api::blog.blog');
