import { type CmsQueryOptions, cmsView } from "../cms.server";
import type { Locale } from "../i18n/paths";
import { excerpt, renderMarkdown, toPlainText } from "../sanitize.server";
import { imageUrl, isResizable } from "../images";
import { addAdYears, inLocale, languageVariables, type Localized, NEPALI_OF_ENTRY, perLocale, type WithNepali } from "./localize";
import { type CmsFile, FILE_FIELDS, mediaUrl, toImage } from "./media";
import type { BlogCardView, BlogView, GalleryImageView, GalleryVideoView, MemberView } from "./types";

// Strapi's GraphQL caps a page at 100 rows; the home's lists are far smaller.
const LIMIT = 100;

/* Committee ------------------------------------------------------------------------- */

const TEAM_QUERY = /* GraphQL */ `
  query CommitteePage($limit: Int!, $ne: Boolean!) {
    teamMembers(locale: "en", sort: ["createdAt:asc", "id:asc"], pagination: { limit: $limit }) {
      numericId
      name
      role
      photo { ${FILE_FIELDS} }
      ${NEPALI_OF_ENTRY} { role local_name }
    }
  }
`;

/** `local_name` comes from the Nepali version only: a member's name as written in Nepali, if staff gave one. */
type TeamRow = { numericId: number; name: string; local_name?: string | null; role: string; photo: CmsFile | null };

export async function getCommittee(locale: Locale, options?: CmsQueryOptions): Promise<MemberView[]> {
  return cmsView(TEAM_QUERY, { limit: LIMIT, ...languageVariables(locale) }, MEMBERS_VIEW[locale], options);
}

/** The committee page's view of its query's answer (exported for its test). */
export const committeeView = (data: { teamMembers: WithNepali<TeamRow>[] }, locale: Locale) =>
  data.teamMembers.map((row) => toMember(inLocale(row, locale)!));

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

const BLOG_CARD_FIELDS = `numericId title author content createdAt media { ${FILE_FIELDS} }`;

const BLOGS_QUERY = /* GraphQL */ `
  query BlogsPage($limit: Int!, $ne: Boolean!) {
    blogs(locale: "en", sort: "createdAt:desc", pagination: { limit: $limit }) {
      ${BLOG_CARD_FIELDS}
      ${NEPALI_OF_ENTRY} { title content }
    }
  }
`;

const BLOG_FEED_QUERY = /* GraphQL */ `
  query BlogFeed($limit: Int!) {
    blogs(locale: "en", sort: "createdAt:desc", pagination: { limit: $limit }) { ${BLOG_CARD_FIELDS} updatedAt }
  }
`;

const BLOG_QUERY = /* GraphQL */ `
  query BlogDetailsPage($id: Int!, $ne: Boolean!) {
    blogByNumericId(id: $id, locale: "en") {
      ${BLOG_CARD_FIELDS}
      updatedAt
      ${NEPALI_OF_ENTRY} { title content }
    }
  }
`;

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
  return cmsView(BLOGS_QUERY, { limit: LIMIT, ...languageVariables(locale) }, CARDS_VIEW[locale], options);
}

const CARDS_VIEW = perLocale(({ blogs }: { blogs: WithNepali<BlogRow>[] }, locale) =>
  blogs.map((row) => toCard(inLocale(row, locale)!)),
);

/** Feeds and the sitemap need the posts with their plain-text summaries. */
export async function getBlogFeed(options?: CmsQueryOptions): Promise<(BlogCardView & { updatedAt: string })[]> {
  return cmsView(BLOG_FEED_QUERY, { limit: LIMIT }, toFeed, options);
}

function toFeed({ blogs }: { blogs: (BlogRow & { updatedAt: string })[] }): (BlogCardView & { updatedAt: string })[] {
  return blogs.map((row) => ({ ...toCard(row), updatedAt: row.updatedAt }));
}

export async function getBlog(id: number, locale: Locale, options?: CmsQueryOptions): Promise<BlogView | null> {
  return cmsView(BLOG_QUERY, { id, ...languageVariables(locale) }, BLOG_VIEW[locale], options);
}

// A post without a Nepali version is shown in English (fallback); one that does not exist is not found.
const BLOG_VIEW = perLocale(({ blogByNumericId: row }: { blogByNumericId: WithNepali<BlogRow> | null }, locale) => {
  const post = inLocale(row, locale);
  return post ? blogView(post) : null;
});

function blogView(row: Localized<BlogRow>): BlogView {
  const plain = toPlainText(row.content);
  return {
    ...toCard(row),
    contentHtml: addAdYears(renderMarkdown(row.content)),
    description: excerpt(plain, 160),
  };
}


/* Gallery ---------------------------------------------------------------------------- */

const GALLERY_QUERY = /* GraphQL */ `
  query GalleryPage($limit: Int!, $ne: Boolean!) {
    imageGalleries(locale: "en", sort: "createdAt:desc", pagination: { limit: $limit }) {
      numericId
      title
      description
      image { ${FILE_FIELDS} }
      ${NEPALI_OF_ENTRY} { title description }
    }
    videoGalleries(locale: "en", sort: "createdAt:desc", pagination: { limit: $limit }) {
      numericId
      title
      description
      video { url mime }
      poster { url }
      ${NEPALI_OF_ENTRY} { title description }
    }
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

interface GalleryResult {
  imageGalleries: WithNepali<ImageRow>[];
  videoGalleries: WithNepali<VideoRow>[];
}

export async function getGallery(
  locale: Locale,
  options?: CmsQueryOptions,
): Promise<{ images: GalleryImageView[]; videos: GalleryVideoView[] }> {
  return cmsView(GALLERY_QUERY, { limit: LIMIT, ...languageVariables(locale) }, GALLERY_VIEW[locale], options);
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

const GALLERY_VIEW = perLocale(toGallery);

function toGallery(result: GalleryResult, locale: Locale): { images: GalleryImageView[]; videos: GalleryVideoView[] } {
  const images: GalleryImageView[] = [];
  for (const row of result.imageGalleries.map((entry) => inLocale(entry, locale)!)) {
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
  for (const row of result.videoGalleries.map((entry) => inLocale(entry, locale)!)) {
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
