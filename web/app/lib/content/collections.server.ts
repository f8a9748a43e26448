import { type CmsQueryOptions, cmsView } from "../cms.server";
import type { Locale } from "../i18n/paths";
import { renderMarkdown, type RenderedMarkdown } from "../markdown/markdown.server";
import { excerpt } from "../sanitize.server";
import { imageUrl, isResizable } from "../images";
import { addAdYears, inLocale, languageVariables, type Localized, NEPALI_OF_ENTRY, perLocale, type WithNepali } from "./localize";
import { type CmsFile, FILE_FIELDS, toImage } from "./media";
import type { BlogCardView, GalleryImageView, GalleryVideoView, MemberView } from "./types";

// Strapi's GraphQL caps a page at 100 rows: the RSS feed has the newest 100 posts.
const LIMIT = 100;

/**
 * Items per page of the public lists, a whole number of rows of each grid (3 columns of posts
 * and videos, 2 / 3 / 4 of images and members), small enough for a light page and the CMS's
 * request limits.
 */
export const PAGE_SIZES = { blogs: 12, images: 24, videos: 12, members: 48 } as const;

/** One page of a list in English order (the Nepali rows are the Nepali versions of these). */
export interface ListPage<T> {
  items: T[];
  page: number;
  /** Pages of the whole list, at least 1 (an empty list has its first page). */
  pageCount: number;
  total: number;
}

/** Newest first; the id breaks ties of entries saved in the same millisecond, so pages never overlap. */
const NEWEST_FIRST = `["createdAt:desc", "id:desc"]`;

interface Connection<Row> {
  nodes: Row[];
  pageInfo: { total: number; pageCount: number };
}

function pageOf<Row, T>(connection: Connection<Row>, toItem: (row: Row) => T | null): Omit<ListPage<T>, "page"> {
  const items = connection.nodes.flatMap((row) => toItem(row) ?? []);
  return listOf(connection, items);
}

function listOf<T>(connection: Connection<unknown>, items: T[]): Omit<ListPage<T>, "page"> {
  return { items, pageCount: Math.max(1, connection.pageInfo.pageCount), total: connection.pageInfo.total };
}

/* Committee ------------------------------------------------------------------------- */

const TEAM_QUERY = /* GraphQL */ `
  query CommitteePage($page: Int!, $pageSize: Int!, $ne: Boolean!) {
    teamMembers_connection(locale: "en", sort: ["createdAt:asc", "id:asc"], pagination: { page: $page, pageSize: $pageSize }) {
      nodes {
        numericId
        name
        role
        photo { ${FILE_FIELDS} }
        ${NEPALI_OF_ENTRY} { role local_name }
      }
      pageInfo { total pageCount }
    }
  }
`;

/** `local_name` comes from the Nepali version only: a member's name as written in Nepali, if staff gave one. */
type TeamRow = { numericId: number; name: string; local_name?: string | null; role: string; photo: CmsFile | null };

/** One page of /current-committee: its members in the order they were added. */
export async function getCommittee(page: number, locale: Locale, options?: CmsQueryOptions): Promise<ListPage<MemberView>> {
  const variables = { page, pageSize: PAGE_SIZES.members, ...languageVariables(locale) };
  return { ...(await cmsView(TEAM_QUERY, variables, MEMBERS_VIEW[locale], options)), page };
}

/** The committee page's view of its query's answer (exported for its test). */
export const committeeView = (data: { teamMembers_connection: Connection<WithNepali<TeamRow>> }, locale: Locale) =>
  pageOf(data.teamMembers_connection, (row) => toMember(inLocale(row, locale)!));

const MEMBERS_VIEW = perLocale(committeeView);

function toMember(m: Localized<TeamRow>): MemberView {
  return {
    id: m.numericId,
    // The Nepali form of the name where there is one; otherwise the name as entered (Latin letters).
    name: m.local_name?.trim() || m.name,
    role: m.role,
    photo: toImage(m.photo, m.photo?.alternativeText || m.name),
    ...(m.fallback ? { fallback: true } : {}),
  };
}

/* Blogs ------------------------------------------------------------------------------ */

/** What a post's card needs; its page asks for these and more (routes/public/blog-details.tsx). */
export const BLOG_CARD_FIELDS = `numericId title author author_name content createdAt mediaAlt media { ${FILE_FIELDS} }`;

const BLOGS_QUERY = /* GraphQL */ `
  query BlogsPage($page: Int!, $pageSize: Int!, $ne: Boolean!) {
    blogs_connection(locale: "en", sort: ${NEWEST_FIRST}, pagination: { page: $page, pageSize: $pageSize }) {
      nodes {
        ${BLOG_CARD_FIELDS}
        ${NEPALI_OF_ENTRY} { title content mediaAlt }
      }
      pageInfo { total pageCount }
    }
  }
`;

const BLOG_FEED_QUERY = /* GraphQL */ `
  query BlogFeed($limit: Int!) {
    blogs(locale: "en", sort: ${NEWEST_FIRST}, pagination: { limit: $limit }) { ${BLOG_CARD_FIELDS} updatedAt }
  }
`;

export interface BlogRow {
  numericId: number;
  title: string;
  author: string;
  author_name: string | null;
  content: string;
  createdAt: string;
  updatedAt?: string;
  /** What the cover shows, in the entry's language; without it the file's own description. */
  mediaAlt: string | null;
  media: CmsFile | null;
}

/**
 * A post's Markdown, rendered once per version of its text (on a worker, within the time limit:
 * app/lib/markdown/markdown.server.ts): cards, the feed and the post page all take what they need
 * from the same rendering. `language`: the language of the text, for the log.
 */
export function renderPost(row: Localized<BlogRow>, language: Locale): Promise<RenderedMarkdown> {
  return renderMarkdown(row.content, `blog ${row.numericId} (${row.fallback ? "en" : language})`);
}

// Dates are written by the pages (BS and AD, app/lib/i18n/bs-date.ts formatBsAd) from createdAt.
export function cardOf(row: Localized<BlogRow>, rendered: RenderedMarkdown): BlogCardView {
  return {
    id: row.numericId,
    title: row.title,
    // Who wrote it by name; the e-mail only for a post that names nobody.
    author: row.author_name?.trim() || row.author,
    createdAt: row.createdAt,
    excerpt: addAdYears(excerpt(rendered.text, 150)),
    image: toImage(row.media, row.mediaAlt?.trim() || row.media?.alternativeText || ""),
    ...(row.fallback ? { fallback: true } : {}),
  };
}

async function toCard(row: Localized<BlogRow>, language: Locale): Promise<BlogCardView> {
  return cardOf(row, await renderPost(row, language));
}

/** One page of /blogs: its post cards (in the language, English where a post has no Nepali version). */
export async function getBlogCards(page: number, locale: Locale, options?: CmsQueryOptions): Promise<ListPage<BlogCardView>> {
  const variables = { page, pageSize: PAGE_SIZES.blogs, ...languageVariables(locale) };
  return { ...(await cmsView(BLOGS_QUERY, variables, CARDS_VIEW[locale], options)), page };
}

const CARDS_VIEW = perLocale(async ({ blogs_connection: connection }: { blogs_connection: Connection<WithNepali<BlogRow>> }, locale) =>
  listOf(connection, await Promise.all(connection.nodes.map((row) => toCard(inLocale(row, locale)!, locale)))),
);

/** The RSS feed: the newest posts with their plain-text summaries. */
export async function getBlogFeed(options?: CmsQueryOptions): Promise<(BlogCardView & { updatedAt: string })[]> {
  return cmsView(BLOG_FEED_QUERY, { limit: LIMIT }, toFeed, options);
}

async function toFeed({ blogs }: { blogs: (BlogRow & { updatedAt: string })[] }): Promise<(BlogCardView & { updatedAt: string })[]> {
  return Promise.all(blogs.map(async (row) => ({ ...(await toCard(row, "en")), updatedAt: row.updatedAt })));
}

/* Gallery ---------------------------------------------------------------------------- */

const IMAGES_QUERY = /* GraphQL */ `
  query GalleryImagesPage($page: Int!, $pageSize: Int!, $ne: Boolean!) {
    imageGalleries_connection(locale: "en", sort: ${NEWEST_FIRST}, pagination: { page: $page, pageSize: $pageSize }) {
      nodes {
        numericId
        title
        description
        altText
        image { ${FILE_FIELDS} }
        ${NEPALI_OF_ENTRY} { title description altText }
      }
      pageInfo { total pageCount }
    }
  }
`;

const VIDEOS_QUERY = /* GraphQL */ `
  query GalleryVideosPage($page: Int!, $pageSize: Int!, $ne: Boolean!) {
    videoGalleries_connection(locale: "en", sort: ${NEWEST_FIRST}, pagination: { page: $page, pageSize: $pageSize }) {
      nodes {
        numericId
        title
        description
        video { url mime }
        poster { url }
        ${NEPALI_OF_ENTRY} { title description }
      }
      pageInfo { total pageCount }
    }
  }
`;

type ImageRow = { numericId: number; title: string; description: string; altText: string | null; image: CmsFile | null };
type VideoRow = {
  numericId: number;
  title: string;
  description: string;
  video: { url: string; mime: string | null } | null;
  poster: { url: string } | null;
};

/** One page of the gallery's images (those whose file is there). */
export async function getGalleryImages(page: number, locale: Locale, options?: CmsQueryOptions): Promise<ListPage<GalleryImageView>> {
  const variables = { page, pageSize: PAGE_SIZES.images, ...languageVariables(locale) };
  return { ...(await cmsView(IMAGES_QUERY, variables, IMAGES_VIEW[locale], options)), page };
}

const IMAGES_VIEW = perLocale((result: { imageGalleries_connection: Connection<WithNepali<ImageRow>> }, locale) =>
  pageOf(result.imageGalleries_connection, (entry) => toGalleryImage(inLocale(entry, locale)!)),
);

/** One page of the gallery's videos (those whose file is there). */
export async function getGalleryVideos(page: number, locale: Locale, options?: CmsQueryOptions): Promise<ListPage<GalleryVideoView>> {
  const variables = { page, pageSize: PAGE_SIZES.videos, ...languageVariables(locale) };
  return { ...(await cmsView(VIDEOS_QUERY, variables, VIDEOS_VIEW[locale], options)), page };
}

const VIDEOS_VIEW = perLocale((result: { videoGalleries_connection: Connection<WithNepali<VideoRow>> }, locale) =>
  pageOf(result.videoGalleries_connection, (entry) => toGalleryVideo(inLocale(entry, locale)!)),
);

/**
 * The poster frame as one WebP 500 px wide: a poster takes a single URL, and a video card is
 * 340-420 CSS px wide, so this is the best single size (sharp on desktop, fair on 2x phones).
 */
const POSTER_WIDTH = 500;
function videoPoster(file: { url: string } | null): string | null {
  if (!file?.url) return null;
  const src = file.url;
  return isResizable(src) ? imageUrl(src, POSTER_WIDTH, "webp") : src;
}

function toGalleryImage(row: Localized<ImageRow>): GalleryImageView | null {
  const image = toImage(row.image, row.altText?.trim() || row.image?.alternativeText || row.title);
  if (!image) return null;
  return {
    id: row.numericId,
    title: row.title,
    description: addAdYears(row.description),
    image,
    ...(row.fallback ? { fallback: true } : {}),
  };
}

function toGalleryVideo(row: Localized<VideoRow>): GalleryVideoView | null {
  if (!row.video?.url) return null;
  return {
    ...(row.fallback ? { fallback: true } : {}),
    id: row.numericId,
    title: row.title,
    description: addAdYears(row.description),
    src: row.video.url,
    mime: row.video.mime ?? "video/mp4",
    poster: videoPoster(row.poster),
  };
}
