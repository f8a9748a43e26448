import { Kind, parse } from "graphql";
import type { Kinds } from "../cache.server";

/**
 * Which kinds of content a public GraphQL read shows, so a change of one kind refreshes only the
 * copies made from it (app/lib/cache.server.ts). A kind is named by its CMS type uid, as the CMS's
 * content-change call names it. Each kind's root query fields are Strapi's names for its type (its
 * singular and plural names in camelCase, the plural's `_connection`) and this project's own
 * (cms/src/graphql-extension.ts); `dependencies.server.test.ts` checks them against the CMS's schemas.
 */
export const ROOT_FIELDS_BY_KIND: Readonly<Record<string, readonly string[]>> = {
  "api::blog.blog": ["blog", "blogs", "blogs_connection", "blogByNumericId", "blogPreviewByNumericId"],
  "api::team-member.team-member": ["teamMember", "teamMembers", "teamMembers_connection"],
  "api::image-gallery.image-gallery": ["imageGallery", "imageGalleries", "imageGalleries_connection"],
  "api::video-gallery.video-gallery": ["videoGallery", "videoGalleries", "videoGalleries_connection"],
  "api::donation-method.donation-method": ["donationMethod", "donationMethods", "donationMethods_connection"],
  "api::home.home": ["home"],
  "api::objective-page.objective-page": ["objectivePage"],
  "api::organization-page.organization-page": ["organizationPage"],
  "api::site-setting.site-setting": ["siteSetting"],
};

const KIND_OF_ROOT_FIELD = new Map(Object.entries(ROOT_FIELDS_BY_KIND).flatMap(([kind, fields]) => fields.map((field) => [field, kind])));

/**
 * The kind a content-change call's uid names, when the web app's reads know it; undefined for
 * anything else (a stored file, a consent withdrawn, the CMS's own records): such a change may
 * show anywhere.
 */
export function kindOfChange(uid: string): string | undefined {
  return Object.hasOwn(ROOT_FIELDS_BY_KIND, uid) ? uid : undefined;
}

const kindsByDocument = new Map<string, Kinds>();

/**
 * The kinds a GraphQL document reads, from the root fields of its operations (not their aliases);
 * undefined (any content) when one of them is not a known kind's, or the document is not a plain
 * query. A kind's root field also reads the files, the consents and the other CMS records its
 * entries show: a change of those is a change of anything (kindOfChange).
 */
export function kindsReadBy(document: string): Kinds {
  if (kindsByDocument.has(document)) return kindsByDocument.get(document);
  const kinds = rootKinds(document);
  kindsByDocument.set(document, kinds);
  return kinds;
}

function rootKinds(document: string): Kinds {
  let parsed;
  try {
    parsed = parse(document);
  } catch {
    return undefined;
  }
  const kinds = new Set<string>();
  for (const definition of parsed.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== "query") return undefined;
    for (const selection of definition.selectionSet.selections) {
      const kind = selection.kind === Kind.FIELD ? KIND_OF_ROOT_FIELD.get(selection.name.value) : undefined;
      if (!kind) return undefined;
      kinds.add(kind);
    }
  }
  return kinds.size > 0 ? kinds : undefined;
}
