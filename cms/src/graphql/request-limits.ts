import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  GraphQLError,
  Kind,
  KnownFragmentNamesRule,
  NoFragmentCyclesRule,
  getNullableType,
  isListType,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';

/** Bounds on the work of one GraphQL request (config/plugins.ts, `graphql.config.requestLimits`). */
export interface GraphqlRequestLimits {
  maxBodyBytes: number;
  maxTokens: number;
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
}

interface RequestContext {
  schema: GraphQLSchema;
  document?: DocumentNode;
  request: { variables?: Record<string, unknown>; operationName?: string };
}

/** A refusal before anything runs: 400 and a GraphQL error that says which bound was crossed. */
class Refusal extends GraphQLError {
  constructor(message: string) {
    super(message.replace(/^Syntax Error: /, ''), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
  }
}

/**
 * An entry's `localizations` are its versions in the other locales: one row each, whatever page
 * size is asked. The site has two locales (en and ne, made at boot); this leaves room for a third.
 */
const LOCALIZATION_ROWS = 2;

/**
 * What a field costs: the rows it can return times (itself + what each row selects). A field
 * with a `pagination` argument returns that page (Strapi's default page when none is asked for,
 * never more than its maximum); an entry's localizations count one row per other locale; other lists (components, media `related`) count as a default
 * page; a connection's `nodes` are the page the connection already counted. Introspection
 * (`__schema`, `__type`: only with GRAPHQL_DEV_TOOLS) describes the schema, not content: one per field.
 */
export const rowsEstimator = ({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }): ComplexityEstimator => {
  const rowsOf = ({ type, field, args }: Parameters<ComplexityEstimator>[0]) => {
    if (field.name.startsWith('__') || type.name.startsWith('__')) return 1;
    if (field.name === 'localizations') return LOCALIZATION_ROWS;
    if (field.args.some((arg) => arg.name === 'pagination')) {
      const pagination = (args.pagination ?? {}) as { limit?: number; pageSize?: number };
      const asked = Number(pagination.limit ?? pagination.pageSize ?? defaultLimit);
      return asked > 0 ? Math.min(asked, maxLimit) : maxLimit;
    }
    return isListType(getNullableType(field.type)) && field.name !== 'nodes' ? defaultLimit : 1;
  };
  return (options) => rowsOf(options) * (1 + options.childComplexity);
};

/**
 * Apollo plugins that refuse any request past the limits before it is validated, let alone run:
 * fragment cycles and unknown fragments (graphql-js's own rules), aliases, depth and directives
 * (graphql-armor, which follows each fragment once), then the cost (graphql-query-complexity with
 * `rowsEstimator` and the request's variables, so a page size given as a variable counts as it
 * will run; it also stops at 10,000 field nodes however fragments multiply them). Apollo keeps a
 * validated document and skips validation when it comes again, so the cost, which depends on the
 * variables, is checked again for every such request. All of it comes before Strapi's own depth
 * rule, which walks every fragment spread anew: a cycle overflows its stack (a 500) and a fan-out
 * of fragments takes it exponential time.
 * Tokens are bounded by graphql-js's parser (`parseOptions.maxTokens`), the body by the GraphQL
 * route's body parser (`bodyParserConfig`), both set from the same limits.
 */
export function requestLimitsPlugins(limits: GraphqlRequestLimits, pages: { defaultLimit: number; maxLimit: number; maxDepth: number }) {
  const armor = new ApolloArmor({
    maxTokens: { enabled: false },
    costLimit: { enabled: false },
    maxAliases: { n: limits.maxAliases },
    maxDepth: { n: pages.maxDepth, flattenFragments: true },
    maxDirectives: { n: limits.maxDirectives },
    // Error messages never suggest field names: the schema is not introspectable outside `npm run dev`.
    blockFieldSuggestion: { enabled: true },
  }).protect();
  const shapeRules: ValidationRule[] = [NoFragmentCyclesRule, KnownFragmentNamesRule, ...armor.validationRules];
  const estimators = [rowsEstimator(pages)];

  // Only the operation asked for is priced (a document may hold several; without a name, all count).
  const costOf = ({ schema, document, request }: RequestContext & { document: DocumentNode }) => {
    const named = document.definitions.some(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === request.operationName,
    );
    return getComplexity({
      schema,
      query: document,
      operationName: named ? request.operationName : undefined,
      variables: request.variables ?? {},
      estimators,
    });
  };

  const checkCost = (context: RequestContext & { document: DocumentNode }) => {
    let cost: number;
    try {
      cost = costOf(context);
    } catch (error) {
      // Too many nodes to even price (fragments spread over and over), or variables that do not fit.
      throw new Refusal((error as Error).message);
    }
    if (cost > limits.maxCost) {
      throw new Refusal(
        `Query cost limit of ${limits.maxCost} exceeded, found ${Math.round(cost)}. Ask for fewer rows, fields or aliases.`,
      );
    }
  };
  const priced = new WeakSet<object>();

  const plugin = {
    // Apollo answers an error thrown before validation ends as a bare 500; rethrown from this hook, it
    // is answered as itself (status and message), which for a refusal is the 400 that names the bound.
    async unexpectedErrorProcessingRequest({ error }: { error: Error }) {
      if (error instanceof Refusal) throw error;
    },
    async requestDidStart() {
      return {
        // A document Apollo has not seen yet: its shape, then its cost with this request's variables.
        async validationDidStart(context: RequestContext) {
          const { schema, document } = context;
          if (!document) return;
          const [first] = validate(schema, document, shapeRules, { maxErrors: 1 });
          if (first) throw new Refusal(first.message);
          checkCost({ ...context, document });
          priced.add(context);
        },
        // Every request, also for a document Apollo kept from an earlier one (validated once, but its
        // cost depends on the variables, e.g. a page size).
        async didResolveOperation(context: RequestContext) {
          if (context.document && !priced.has(context)) checkCost({ ...context, document: context.document });
        },
      };
    },
  };
  return [plugin, ...armor.plugins];
}

/**
 * Adds the request limits to the Apollo server options the GraphQL plugin reads at bootstrap
 * (it merges them with its own, joining arrays).
 */
export function registerGraphqlRequestLimits() {
  const config = strapi.plugin('graphql').config as <T>(key: string) => T;
  const limits = config<GraphqlRequestLimits>('requestLimits');
  const pages = {
    defaultLimit: config<number>('defaultLimit'),
    maxLimit: config<number>('maxLimit'),
    maxDepth: config<number>('depthLimit'),
  };
  const apolloServer = config<Record<string, unknown>>('apolloServer') ?? {};
  const plugins = requestLimitsPlugins(limits, pages);
  strapi.config.set('plugin::graphql.apolloServer', {
    ...apolloServer,
    plugins: [...((apolloServer.plugins as unknown[]) ?? []), ...plugins],
  });
}
