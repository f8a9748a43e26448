import { type CmsQueryOptions, cmsView } from "../cms.server";
import { excerpt, renderMarkdown, toPlainText } from "../sanitize.server";
import { imageUrl, isResizable } from "../images";
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

interface TeamResult {
  teamMembers: { numericId: number; name: string; role: string; photo: CmsFile | null }[];
}

export async function getCommittee(options?: CmsQueryOptions): Promise<MemberView[]> {
  return cmsView(TEAM_QUERY, { limit: LIMIT }, toMembers, options);
}

function toMembers({ teamMembers }: TeamResult): MemberView[] {
  return teamMembers.map((m) => ({
    id: m.numericId,
    name: m.name,
    role: m.role,
    photo: toImage(m.photo, m.photo?.alternativeText || m.name),
  }));
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

interface BlogRow {
  numericId: number;
  title: string;
  author: string;
  content: string;
  createdAt: string;
  updatedAt?: string;
  media: CmsFile | null;
}

// Dates are shown as the home sees them (Nepal time), the same on server and client.
const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kathmandu",
});

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE_FORMAT.format(date);
}

function toCard(row: BlogRow): BlogCardView {
  return {
    id: row.numericId,
    title: row.title,
    author: row.author,
    createdAt: row.createdAt,
    dateLabel: formatDate(row.createdAt),
    excerpt: excerpt(toPlainText(row.content), 150),
    image: toImage(row.media, row.media?.alternativeText || ""),
  };
}

export async function getBlogCards(options?: CmsQueryOptions): Promise<BlogCardView[]> {
  return cmsView(BLOGS_QUERY, { limit: LIMIT }, toCards, options);
}

function toCards({ blogs }: { blogs: BlogRow[] }): BlogCardView[] {
  return blogs.map(toCard);
}

/** Feeds and the sitemap need the posts with their plain-text summaries. */
export async function getBlogFeed(options?: CmsQueryOptions): Promise<(BlogCardView & { updatedAt: string })[]> {
  return cmsView(BLOG_FEED_QUERY, { limit: LIMIT }, toFeed, options);
}

function toFeed({ blogs }: { blogs: (BlogRow & { updatedAt: string })[] }): (BlogCardView & { updatedAt: string })[] {
  return blogs.map((row) => ({ ...toCard(row), updatedAt: row.updatedAt }));
}

export async function getBlog(id: number, options?: CmsQueryOptions): Promise<BlogView | null> {
  return cmsView(BLOG_QUERY, { id }, toBlog, options);
}

function toBlog({ blogByNumericId: row }: { blogByNumericId: BlogRow | null }): BlogView | null {
  if (!row) return null;
  const plain = toPlainText(row.content);
  return {
    ...toCard(row),
    contentHtml: renderMarkdown(row.content),
    description: excerpt(plain, 160),
  };
}

/* Gallery ---------------------------------------------------------------------------- */

const GALLERY_QUERY = /* GraphQL */ `
  query GalleryPage($limit: Int!) {
    imageGalleries(sort: "createdAt:desc", pagination: { limit: $limit }) {
      numericId
      title
      description
      image { ${FILE_FIELDS} }
    }
    videoGalleries(sort: "createdAt:desc", pagination: { limit: $limit }) {
      numericId
      title
      description
      video { url mime }
      poster { url }
    }
  }
`;

interface GalleryResult {
  imageGalleries: { numericId: number; title: string; description: string; image: CmsFile | null }[];
  videoGalleries: { numericId: number; title: string; description: string; video: { url: string; mime: string | null } | null; poster: { url: string } | null }[];
}

export async function getGallery(
  options?: CmsQueryOptions,
): Promise<{ images: GalleryImageView[]; videos: GalleryVideoView[] }> {
  return cmsView(GALLERY_QUERY, { limit: LIMIT }, toGallery, options);
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
    if (image) images.push({ id: row.numericId, title: row.title, description: row.description, image });
  }
  const videos: GalleryVideoView[] = [];
  for (const row of result.videoGalleries) {
    if (row.video?.url) {
      videos.push({
        id: row.numericId,
        title: row.title,
        description: row.description,
        src: mediaUrl(row.video.url),
        mime: row.video.mime ?? "video/mp4",
        poster: videoPoster(row.poster),
      });
    }
  }
  return { images, videos };
}
