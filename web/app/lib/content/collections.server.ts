import { type CmsQueryOptions, cmsView } from "../cms.server";
import type { Locale } from "../i18n/paths";
import { excerpt, renderMarkdown, toPlainText } from "../sanitize.server";
import { imageUrl, isResizable } from "../images";
import { addAdYears, mergeLocalized, type Localized } from "./localize";
import { type CmsFile, FILE_FIELDS, mediaUrl, toImage } from "./media";
import type { BlogCardView, BlogView, GalleryImageView, GalleryVideoView, MemberView } from "./types";

// Strapi's GraphQL caps a page at 100 rows; the home's lists are far smaller.
const LIMIT = 100;

/* Committee ------------------------------------------------------------------------- */

const TEAM_QUERY = /* GraphQL */ `
  query CommitteePage($limit: Int!) {
    teamMembers(sort: ["createdAt:asc", "id:asc"], pagination: { limit: $limit }) {
      numericId
      name
      role
      photo { ${FILE_FIELDS} }
    }
  }
`;

// Nepali pages (ADR 005): the English rows, in their order, with the Nepali text of those that
// have a Nepali version; the others stay English and are marked `fallback`. One request.
const TEAM_QUERY_NE = /* GraphQL */ `
  query CommitteePageNe($limit: Int!) {
    en: teamMembers(locale: "en", sort: ["createdAt:asc", "id:asc"], pagination: { limit: $limit }) {
      numericId
      name
      role
      photo { ${FILE_FIELDS} }
    }
    ne: teamMembers(locale: "ne", pagination: { limit: $limit }) { numericId role }
  }
`;

type TeamRow = { numericId: number; name: string; role: string; photo: CmsFile | null };

interface TeamResult {
  teamMembers: TeamRow[];
}

export async function getCommittee(locale: Locale, options?: CmsQueryOptions): Promise<MemberView[]> {
  if (locale === "ne") return cmsView(TEAM_QUERY_NE, { limit: LIMIT }, toMembersNe, options);
  return cmsView(TEAM_QUERY, { limit: LIMIT }, toMembers, options);
}

function toMember(m: Localized<TeamRow>): MemberView {
  return {
    id: m.numericId,
    name: m.name,
    role: m.role,
    photo: toImage(m.photo, m.photo?.alternativeText || m.name),
    ...(m.fallback ? { fallback: true } : {}),
  };
}

function toMembers({ teamMembers }: TeamResult): MemberView[] {
  return teamMembers.map(toMember);
}

function toMembersNe({ en, ne }: { en: TeamRow[]; ne: Pick<TeamRow, "numericId" | "role">[] }): MemberView[] {
  return mergeLocalized(en, ne, (row, text) => ({ ...row, role: text.role })).map(toMember);
}

/* Blogs ------------------------------------------------------------------------------ */

const BLOG_CARD_FIELDS = `numericId title author content createdAt media { ${FILE_FIELDS} }`;

const BLOGS_QUERY = /* GraphQL */ `
  query BlogsPage($limit: Int!) {
    blogs(sort: "createdAt:desc", pagination: { limit: $limit }) { ${BLOG_CARD_FIELDS} }
  }
`;

const BLOG_FEED_QUERY = /* GraphQL */ `
  query BlogFeed($limit: Int!) {
    blogs(sort: "createdAt:desc", pagination: { limit: $limit }) { ${BLOG_CARD_FIELDS} updatedAt }
  }
`;

const BLOG_QUERY = /* GraphQL */ `
  query BlogDetailsPage($id: Int!) {
    blogByNumericId(id: $id) { ${BLOG_CARD_FIELDS} updatedAt }
  }
`;

const BLOGS_QUERY_NE = /* GraphQL */ `
  query BlogsPageNe($limit: Int!) {
    en: blogs(locale: "en", sort: "createdAt:desc", pagination: { limit: $limit }) { ${BLOG_CARD_FIELDS} }
    ne: blogs(locale: "ne", pagination: { limit: $limit }) { numericId title content }
  }
`;

const BLOG_QUERY_NE = /* GraphQL */ `
  query BlogDetailsPageNe($id: Int!) {
    en: blogByNumericId(id: $id, locale: "en") { ${BLOG_CARD_FIELDS} updatedAt }
    ne: blogByNumericId(id: $id, locale: "ne") { numericId title content }
  }
`;

type BlogText = { numericId: number; title: string; content: string };
const withBlogText = <T extends BlogRow>(row: T, text: BlogText): T => ({ ...row, title: text.title, content: text.content });

interface BlogRow {
  numericId: number;
  title: string;
  author: string;
  content: string;
  createdAt: string;
  updatedAt?: string;
  media: CmsFile | null;
}

// Dates are written by the pages (BS and AD, app/lib/i18n/bs-date.ts formatBsAd) from createdAt.
function toCard(row: Localized<BlogRow>): BlogCardView {
  return {
    id: row.numericId,
    title: row.title,
    author: row.author,
    createdAt: row.createdAt,
    excerpt: addAdYears(excerpt(toPlainText(row.content), 150)),
    image: toImage(row.media, row.media?.alternativeText || ""),
    ...(row.fallback ? { fallback: true } : {}),
  };
}

export async function getBlogCards(locale: Locale, options?: CmsQueryOptions): Promise<BlogCardView[]> {
  if (locale === "ne") return cmsView(BLOGS_QUERY_NE, { limit: LIMIT }, toCardsNe, options);
  return cmsView(BLOGS_QUERY, { limit: LIMIT }, toCards, options);
}

function toCards({ blogs }: { blogs: BlogRow[] }): BlogCardView[] {
  return blogs.map(toCard);
}

function toCardsNe({ en, ne }: { en: BlogRow[]; ne: BlogText[] }): BlogCardView[] {
  return mergeLocalized(en, ne, withBlogText).map(toCard);
}

/** Feeds and the sitemap need the posts with their plain-text summaries. */
export async function getBlogFeed(options?: CmsQueryOptions): Promise<(BlogCardView & { updatedAt: string })[]> {
  return cmsView(BLOG_FEED_QUERY, { limit: LIMIT }, toFeed, options);
}

function toFeed({ blogs }: { blogs: (BlogRow & { updatedAt: string })[] }): (BlogCardView & { updatedAt: string })[] {
  return blogs.map((row) => ({ ...toCard(row), updatedAt: row.updatedAt }));
}

export async function getBlog(id: number, locale: Locale, options?: CmsQueryOptions): Promise<BlogView | null> {
  if (locale === "ne") return cmsView(BLOG_QUERY_NE, { id }, toBlogNe, options);
  return cmsView(BLOG_QUERY, { id }, toBlog, options);
}

function blogView(row: Localized<BlogRow>): BlogView {
  const plain = toPlainText(row.content);
  return {
    ...toCard(row),
    contentHtml: addAdYears(renderMarkdown(row.content)),
    description: excerpt(plain, 160),
  };
}

function toBlog({ blogByNumericId: row }: { blogByNumericId: BlogRow | null }): BlogView | null {
  return row ? blogView(row) : null;
}

/** A post without a Nepali version is shown in English (fallback); one with neither is not found. */
function toBlogNe({ en, ne }: { en: BlogRow | null; ne: BlogText | null }): BlogView | null {
  if (!en) return null;
  return blogView(ne ? withBlogText(en, ne) : { ...en, fallback: true });
}

/* Gallery ---------------------------------------------------------------------------- */

// The fields of each list, shared by the English query and the Nepali one (which reads them in
// English and only title and description in Nepali).
const IMAGE_FIELDS = `
      numericId
      title
      description
      image { ${FILE_FIELDS} }`;
const VIDEO_FIELDS = `
      numericId
      title
      description
      video { url mime }
      poster { url }`;

const GALLERY_QUERY = /* GraphQL */ `
  query GalleryPage($limit: Int!) {
    imageGalleries(sort: "createdAt:desc", pagination: { limit: $limit }) { ${IMAGE_FIELDS} }
    videoGalleries(sort: "createdAt:desc", pagination: { limit: $limit }) { ${VIDEO_FIELDS} }
  }
`;

const GALLERY_QUERY_NE = /* GraphQL */ `
  query GalleryPageNe($limit: Int!) {
    imageGalleries: imageGalleries(locale: "en", sort: "createdAt:desc", pagination: { limit: $limit }) { ${IMAGE_FIELDS} }
    videoGalleries: videoGalleries(locale: "en", sort: "createdAt:desc", pagination: { limit: $limit }) { ${VIDEO_FIELDS} }
    neImages: imageGalleries(locale: "ne", pagination: { limit: $limit }) { numericId title description }
    neVideos: videoGalleries(locale: "ne", pagination: { limit: $limit }) { numericId title description }
  }
`;

type ImageRow = { numericId: number; title: string; description: string; image: CmsFile | null };
type VideoRow = {
  numericId: number;
  title: string;
  description: string;
  video: { url: string; mime: string | null } | null;
  poster: { url: string } | null;
};
type GalleryText = { numericId: number; title: string; description: string };

interface GalleryResult {
  imageGalleries: Localized<ImageRow>[];
  videoGalleries: Localized<VideoRow>[];
}

export async function getGallery(
  locale: Locale,
  options?: CmsQueryOptions,
): Promise<{ images: GalleryImageView[]; videos: GalleryVideoView[] }> {
  if (locale === "ne") return cmsView(GALLERY_QUERY_NE, { limit: LIMIT }, toGalleryNe, options);
  return cmsView(GALLERY_QUERY, { limit: LIMIT }, toGallery, options);
}

const withGalleryText = <T extends GalleryText>(row: T, text: GalleryText): T => ({
  ...row,
  title: text.title,
  description: text.description,
});

function toGalleryNe(result: GalleryResult & { neImages: GalleryText[]; neVideos: GalleryText[] }) {
  return toGallery({
    imageGalleries: mergeLocalized(result.imageGalleries, result.neImages, withGalleryText),
    videoGalleries: mergeLocalized(result.videoGalleries, result.neVideos, withGalleryText),
  });
}

/**
 * The poster frame as one WebP 500 px wide: a poster takes a single URL, and a video card is
 * 340-420 CSS px wide, so this is the best single size (sharp on desktop, fair on 2x phones).
 */
const POSTER_WIDTH = 500;
function videoPoster(file: { url: string } | null): string | null {
  if (!file?.url) return null;
  const src = mediaUrl(file.url);
  return isResizable(src) ? imageUrl(src, POSTER_WIDTH, "webp") : src;
}

function toGallery(result: GalleryResult): { images: GalleryImageView[]; videos: GalleryVideoView[] } {
  const images: GalleryImageView[] = [];
  for (const row of result.imageGalleries) {
    const image = toImage(row.image, row.image?.alternativeText || row.title);
    if (image) {
      images.push({
        id: row.numericId,
        title: row.title,
        description: addAdYears(row.description),
        image,
        ...(row.fallback ? { fallback: true } : {}),
      });
    }
  }
  const videos: GalleryVideoView[] = [];
  for (const row of result.videoGalleries) {
    if (row.video?.url) {
      videos.push({
        ...(row.fallback ? { fallback: true } : {}),
        id: row.numericId,
        title: row.title,
        description: addAdYears(row.description),
        src: mediaUrl(row.video.url),
        mime: row.video.mime ?? "video/mp4",
        poster: videoPoster(row.poster),
      });
    }
  }
  return { images, videos };
}
