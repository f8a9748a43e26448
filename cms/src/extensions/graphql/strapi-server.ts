import { withoutAccountOperations } from '../../graphql/account-operations';
import { onlySiteLocales } from '../../graphql/site-locales';

type ContentApiService = { buildSchema: () => unknown; [key: string]: unknown };
type Plugin = { services: Record<string, (deps: unknown) => ContentApiService> };

/** The content API's GraphQL schema, less the account operations the public site never needs, in the site's languages only. */
export default (plugin: Plugin) => {
  const stock = plugin.services['content-api'];
  plugin.services['content-api'] = (deps: unknown) => {
    const service = stock(deps);
    return { ...service, buildSchema: () => onlySiteLocales(withoutAccountOperations(service.buildSchema() as never)) };
  };
  return plugin;
};
