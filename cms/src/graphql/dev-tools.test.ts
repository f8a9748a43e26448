import { env } from '@strapi/utils';
import { afterEach, describe, expect, it } from 'vitest';
import plugins from '../../config/plugins';

// The API tests run the CMS as `npm start` does and check that visitors get neither introspection
// nor stack traces (tests/attacks-graphql.test.ts); this checks the switch `npm run dev` turns on.
const apolloServer = () =>
  (plugins({ env } as never) as { graphql: { config: { apolloServer: Record<string, unknown> } } }).graphql.config.apolloServer;

afterEach(() => {
  delete process.env.GRAPHQL_DEV_TOOLS;
});

describe('GraphQL developer tools', () => {
  it('are off unless GRAPHQL_DEV_TOOLS is set, whatever NODE_ENV says', () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    expect(apolloServer()).toMatchObject({ introspection: false, includeStacktraceInErrorResponses: false });
  });

  it('are on with GRAPHQL_DEV_TOOLS=true (npm run dev)', () => {
    process.env.GRAPHQL_DEV_TOOLS = 'true';
    expect(apolloServer()).toMatchObject({ introspection: true, includeStacktraceInErrorResponses: true });
  });
});
