import { BREAK, Kind, parse, visit } from 'graphql';
import { LRUCache } from 'lru-cache';
import { CONSENT_UID } from './consent/photos';
import { OWN_QUERY_FIELDS } from './graphql-extension';
import type { Kinds } from './read-cache';

/**
 * Which kinds of content (CMS type uids) an anonymous read shows and a write changes, so that a
 * write forgets only the read cache's answers it could have changed (read-cache.ts). A read shows
 * its own kinds and every kind they reach through their relations and components. A write of
 * anything other than the project's own content (a file, an account, a permission, Strapi's own
 * records) may show anywhere, and so may a photo consent: every answer leaves out the photos
 * whose consent was withdrawn (consent/withheld.ts), outside any relation.
 */

/** The kind a write of `uid` changes; undefined when it may show anywhere. */
export function kindOfWrite(uid: string): string | undefined {
  return uid.startsWith('api::') && uid !== CONSENT_UID ? uid : undefined;
}

interface Attribute {
  type: string;
  relation?: string;
  target?: string;
  component?: string;
  components?: string[];
}
type Schema = { attributes: Record<string, Attribute> };

/** `uids` and the project's kinds their relations and components reach, at any depth. */
function reachedFrom(uids: string[]): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const walk = (uid: string) => {
    if (seen.has(uid)) return;
    seen.add(uid);
    const schema = (strapi.contentTypes[uid as never] ?? strapi.components[uid as never]) as Schema | undefined;
    if (uid.startsWith('api::')) reached.add(uid);
    for (const attribute of Object.values(schema?.attributes ?? {})) {
      if (attribute.target) walk(attribute.target);
      if (attribute.component) walk(attribute.component);
      for (const component of attribute.components ?? []) walk(component);
    }
  };
  uids.forEach(walk);
  return reached;
}

const kindsByApi = new Map<string, Kinds>();

/** What a GET route of the API `apiName` (`strapi.apis`) shows; undefined for an API without its own content types. */
export function kindsOfApi(apiName: string): Kinds {
  if (!kindsByApi.has(apiName)) {
    const uids = Object.keys(strapi.apis[apiName]?.contentTypes ?? {}).map((name) => `api::${apiName}.${name}`);
    kindsByApi.set(apiName, uids.length > 0 ? reachedFrom(uids) : undefined);
  }
  return kindsByApi.get(apiName);
}

type Naming = Record<'getFindQueryName' | 'getFindOneQueryName' | 'getFindConnectionQueryName', (contentType: unknown) => string>;

let morphFieldNames: Set<string> | undefined;

/**
 * The names of relations that may point at an entry of any kind (a file's `related` entries): a
 * query that asks for one could show anything.
 */
function morphFields() {
  morphFieldNames ??= new Set(
    [...Object.values(strapi.contentTypes), ...Object.values(strapi.components)].flatMap((schema) =>
      Object.entries((schema as Schema).attributes)
        .filter(([, attribute]) => attribute.type === 'relation' && attribute.relation?.startsWith('morph'))
        .map(([name]) => name),
    ),
  );
  return morphFieldNames;
}

let kindOfRootField: Map<string, string> | undefined;

/** The project's kind behind each root query field: Strapi's own (found, found one, connection) and ours. */
function rootFieldKinds() {
  if (!kindOfRootField) {
    const naming = strapi.plugin('graphql').service('utils').naming as Naming;
    kindOfRootField = new Map(Object.entries(OWN_QUERY_FIELDS));
    for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
      if (!uid.startsWith('api::')) continue;
      for (const name of [naming.getFindQueryName, naming.getFindOneQueryName, naming.getFindConnectionQueryName]) {
        kindOfRootField.set(name(contentType), uid);
      }
    }
  }
  return kindOfRootField;
}

const kindsByQuery = new LRUCache<string, { kinds: Kinds }>({ max: 1000 });

/**
 * What a GraphQL query shows, from its operations' root fields (their names, not their aliases);
 * undefined when one of them is not a kind's, the document is not only queries, or it asks for a
 * relation that may point at any kind.
 */
export function kindsOfQuery(query: string): Kinds {
  let known = kindsByQuery.get(query);
  if (!known) {
    known = { kinds: rootKinds(query) };
    kindsByQuery.set(query, known);
  }
  return known.kinds;
}

function rootKinds(query: string): Kinds {
  let document;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  const morph = morphFields();
  let reachesAnyKind = false;
  visit(document, {
    Field(field) {
      if (!morph.has(field.name.value)) return undefined;
      reachesAnyKind = true;
      return BREAK;
    },
  });
  if (reachesAnyKind) return undefined;
  const fields = rootFieldKinds();
  const uids: string[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) continue; // read where it is spread
    if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== 'query') return undefined;
    for (const selection of definition.selectionSet.selections) {
      const uid = selection.kind === Kind.FIELD ? fields.get(selection.name.value) : undefined;
      if (!uid) return undefined;
      uids.push(uid);
    }
  }
  return uids.length > 0 ? reachedFrom(uids) : undefined;
}
