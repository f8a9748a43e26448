import { postStatusOf, type PostStatus } from "@contract/post-status";
import { staffCall } from "../admin/cms-client.server";
import type { Staff } from "../admin/session.server";
import { type CmsQueryOptions, cmsView } from "../cms.server";
import type { Locale } from "../i18n/paths";
import { excerpt } from "../sanitize.server";
import { BLOG_CARD_FIELDS, type BlogRow, cardOf, renderPost } from "./collections.server";
import { addAdYears, inLocale, type Localized, languageVariables, NEPALI_OF_ENTRY, perLocale, type WithNepali } from "./localize";
import { servePostPhotos } from "../markdown/post-photos.server";
import type { BlogView } from "./types";

// What a post's page shows of it, asked of the CMS in one query and turned into its view here:
// a field the page shows is added to the query, the Nepali fields, the row, the view and the
// markup (components/blog/BlogArticle.tsx). `root` is the public query, or the staff preview's,
// which also gives drafts (and is answered as the public one is named, so both share the view).
const postQuery = (root: string, extra = "") => /* GraphQL */ `
  query BlogDetailsPage($id: Int!, $ne: Boolean!) {
    blogByNumericId: ${root}(id: $id, locale: "en") {
      ${BLOG_CARD_FIELDS}
      updatedAt ${extra}
      ${NEPALI_OF_ENTRY} { title content mediaAlt }
    }
  }
`;

/** The public page's query: published posts only. */
const BLOG_QUERY = postQuery("blogByNumericId");
/** The staff preview's query (the CMS answers it to staff only): drafts too. */
const BLOG_PREVIEW_QUERY = postQuery("blogPreviewByNumericId", "publication");

type PostRow = BlogRow & { updatedAt: string; publication?: string | null };
type PostAnswer = { blogByNumericId: WithNepali<PostRow> | null };

async function blogView(row: Localized<PostRow>, language: Locale): Promise<BlogView> {
  const rendered = await renderPost(row, language);
  return {
    ...cardOf(row, rendered),
    contentHtml: addAdYears(await servePostPhotos(rendered.html)),
    description: excerpt(rendered.text, 160),
  };
}

// A post without a Nepali version is shown in English (fallback); one that does not exist is not found.
const BLOG_VIEW = /*#__PURE__*/ perLocale(async ({ blogByNumericId: row }: PostAnswer, locale) => {
  const post = inLocale(row, locale);
  return post ? blogView(post, locale) : null;
});

/** A published post as its public page shows it, or null. */
export function getBlog(id: number, locale: Locale, options?: CmsQueryOptions): Promise<BlogView | null> {
  return cmsView(BLOG_QUERY, { id, ...languageVariables(locale) }, BLOG_VIEW[locale], options);
}

/**
 * Any post, draft or published, as its public page would show it: for the staff preview, read
 * with the person's own token (the CMS refuses the query to anyone else), never cached.
 */
export async function getBlogPreview(
  request: Request,
  staff: Staff,
  id: number,
  locale: Locale,
): Promise<{ blog: BlogView; status: PostStatus } | null> {
  const { body } = await staffCall<{ data?: PostAnswer; errors?: { message: string }[] }>(request, staff, "/graphql", {
    method: "POST",
    body: { query: BLOG_PREVIEW_QUERY, variables: { id, ...languageVariables(locale) } },
  });
  if (!body.data) throw new Error(`CMS preview query failed: ${body.errors?.[0]?.message ?? "no data"}`);
  const blog = await BLOG_VIEW[locale](body.data);
  return blog ? { blog, status: postStatusOf(body.data.blogByNumericId?.publication) } : null;
}
