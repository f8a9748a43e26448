import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { kindOfChange, kindsReadBy, ROOT_FIELDS_BY_KIND } from "./dependencies.server";

/** Every public read's GraphQL document, caught on its way to the CMS. */
const sent = vi.hoisted(() => [] as string[]);
vi.mock(import("../cms.server"), async (importOriginal) => ({
  ...(await importOriginal()),
  cmsView: async (document: string) => {
    sent.push(document);
    throw new Error("not asked of a CMS here");
  },
}));

const cmsApi = path.resolve(import.meta.dirname, "../../../../cms/src/api");
const schemas = readdirSync(cmsApi).flatMap((api) => {
  const types = path.join(cmsApi, api, "content-types");
  let names: string[] = [];
  try {
    names = readdirSync(types);
  } catch {
    return []; // an API with routes only
  }
  return names.map((name) => {
    const schema = JSON.parse(readFileSync(path.join(types, name, "schema.json"), "utf8")) as {
      kind: "collectionType" | "singleType";
      info: { singularName: string; pluralName: string };
      pluginOptions?: { i18n?: { localized?: boolean } };
    };
    return { uid: `api::${api}.${name}`, ...schema };
  });
});
const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe("the kinds of content a public read shows", () => {
  it("are the kinds of its root fields, whatever they are called in the query", () => {
    expect(kindsReadBy(`query BlogsPage($page: Int!) { blogs_connection(pagination: { page: $page }) { nodes { title } } }`)).toEqual(
      new Set(["api::blog.blog"]),
    );
    expect(kindsReadBy(`query { post: blogByNumericId(id: 1) { title cover { url } } }`)).toEqual(new Set(["api::blog.blog"]));
    expect(kindsReadBy(`{ siteSetting { name } donationMethods { name } }`)).toEqual(
      new Set(["api::site-setting.site-setting", "api::donation-method.donation-method"]),
    );
  });

  it("are any content when one root field is unknown, or the document is not a plain query", () => {
    expect(kindsReadBy(`{ blogs { title } sitemapEntries { id } }`)).toBeUndefined();
    expect(kindsReadBy(`{ __typename }`)).toBeUndefined();
    expect(kindsReadBy(`{ ...Everything } fragment Everything on Query { blogs { title } }`)).toBeUndefined();
    expect(kindsReadBy(`mutation { createBlog(data: {}) { title } }`)).toBeUndefined();
    expect(kindsReadBy(`{ blogs { title `)).toBeUndefined();
    expect(kindsReadBy(``)).toBeUndefined();
  });

  it("place a change the web app's reads know, and count any other change as a change of anything", () => {
    expect(kindOfChange("api::team-member.team-member")).toBe("api::team-member.team-member");
    for (const uid of [
      "plugin::upload.file",
      "api::photo-consent.photo-consent",
      "api::publication-event.publication-event",
      "",
      "constructor",
      "__proto__",
    ]) {
      expect(kindOfChange(uid)).toBeUndefined();
    }
  });

  it("are named by the CMS's own names: every public (translated) type, with Strapi's root fields for it", () => {
    const published = schemas.filter((schema) => schema.pluginOptions?.i18n?.localized);
    expect(Object.keys(ROOT_FIELDS_BY_KIND).sort()).toEqual(published.map((schema) => schema.uid).sort());
    for (const { uid, kind, info } of published) {
      const expected = [camel(info.singularName)];
      if (kind === "collectionType") expected.push(camel(info.pluralName), `${camel(info.pluralName)}_connection`);
      expect(ROOT_FIELDS_BY_KIND[uid]).toEqual(expect.arrayContaining(expected));
    }
  });

  it("are known for every read the public pages make, so a change refreshes only the copies that show it", async () => {
    const { getBlog } = await import("./blog-post.server");
    const collections = await import("./collections.server");
    const { getHomePage } = await import("./home.server");
    const { getSiteSettings } = await import("./site.server");
    const { getObjectivesPage, getOrganizationPage } = await import("./pages.server");
    const reads = [
      getBlog(1, "ne"),
      collections.getCommittee(1, "en"),
      collections.getBlogCards(1, "en"),
      collections.getBlogFeed(),
      collections.getGalleryImages(1, "en"),
      collections.getGalleryVideos(1, "en"),
      getHomePage("en"),
      getSiteSettings("en"),
      getObjectivesPage("en"),
      getOrganizationPage("en"),
    ];
    await Promise.allSettled(reads);
    expect(sent).toHaveLength(reads.length);
    for (const document of sent) expect(kindsReadBy(document), document).toBeInstanceOf(Set);
  });
});
