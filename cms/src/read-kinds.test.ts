import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindOfWrite, kindsOfApi, kindsOfQuery } from './read-kinds';

// A stand-in `strapi` with the schema shapes read-kinds.ts reads: a post kind with a file and a
// component that names a committee member, a committee kind, a file whose `related` entries may
// be of any kind, and an API without content types of its own.
const POST = 'api::blog.blog';
const MEMBER = 'api::team-member.team-member';
const FILE = 'plugin::upload.file';
const contentTypes = {
  [POST]: {
    info: { singularName: 'blog', pluralName: 'blogs' },
    attributes: { title: { type: 'string' }, media: { type: 'media' }, credits: { type: 'component', component: 'shared.credit' } },
  },
  [MEMBER]: { info: { singularName: 'team-member', pluralName: 'team-members' }, attributes: { name: { type: 'string' } } },
  [FILE]: { info: { singularName: 'file', pluralName: 'files' }, attributes: { related: { type: 'relation', relation: 'morphToMany' } } },
};
const components = { 'shared.credit': { attributes: { member: { type: 'relation', relation: 'oneToOne', target: MEMBER } } } };
const camel = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const naming = {
  getFindQueryName: (type: { info: { pluralName: string } }) => camel(type.info.pluralName),
  getFindOneQueryName: (type: { info: { singularName: string } }) => camel(type.info.singularName),
  getFindConnectionQueryName: (type: { info: { pluralName: string } }) => `${camel(type.info.pluralName)}_connection`,
};

beforeAll(() => {
  (globalThis as any).strapi = {
    contentTypes,
    components,
    apis: { blog: { contentTypes: { blog: {} } }, 'team-member': { contentTypes: { 'team-member': {} } }, sitemap: {} },
    plugin: () => ({ service: () => ({ naming }) }),
  };
});

afterAll(() => {
  delete (globalThis as any).strapi;
});

const sorted = (kinds: ReadonlySet<string> | undefined) => (kinds ? [...kinds].sort() : kinds);

describe('what a write changes', () => {
  it('is its own kind for the project’s content, and anything for files, consents and everything else', () => {
    expect(kindOfWrite(POST)).toBe(POST);
    expect(kindOfWrite('api::publication-event.publication-event')).toBe('api::publication-event.publication-event');
    for (const uid of [FILE, 'api::photo-consent.photo-consent', 'plugin::users-permissions.user', 'admin::user', 'strapi::core-store']) {
      expect(kindOfWrite(uid), uid).toBeUndefined();
    }
  });
});

describe('what a read shows', () => {
  it('over REST: its API’s kinds and the kinds their components reach; anything for an API without its own', () => {
    expect(sorted(kindsOfApi('blog'))).toEqual([POST, MEMBER]);
    expect(sorted(kindsOfApi('team-member'))).toEqual([MEMBER]);
    expect(kindsOfApi('sitemap')).toBeUndefined();
  });

  it('over GraphQL: its root fields’ kinds, by name whatever the alias, with the kinds they reach', () => {
    expect(sorted(kindsOfQuery('{ teamMembers { name } }'))).toEqual([MEMBER]);
    expect(
      sorted(kindsOfQuery('query Page { people: teamMember(documentId: "x") { name } teamMembers_connection { nodes { name } } }')),
    ).toEqual([MEMBER]);
    expect(sorted(kindsOfQuery('{ blogs { title } }'))).toEqual([POST, MEMBER]);
    expect(sorted(kindsOfQuery('{ blogByNumericId(id: 1) { title } }'))).toEqual([POST, MEMBER]);
    expect(sorted(kindsOfQuery('query { ...Members } fragment Members on Query { teamMembers { name } }'))).toBeUndefined();
  });

  it('over GraphQL: anything for a field of no kind, a file’s linked entries, a mutation or a document that does not parse', () => {
    for (const query of [
      '{ __typename teamMembers { name } }',
      '{ uploadFiles { url } }',
      '{ blogs { media { related { __typename } } } }',
      '{ teamMembers { name } ...on Query { blogs { title } } }',
      'mutation { deleteBlog(documentId: "x") { documentId } }',
      '{ teamMembers { name }',
    ]) {
      expect(kindsOfQuery(query), query).toBeUndefined();
    }
  });
});
