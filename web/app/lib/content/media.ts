import { IMAGE_WIDTHS, imageUrl, isResizable } from "../images";

/** A media field as Strapi's GraphQL returns it (UploadFile). */
export interface CmsFile {
  url: string;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  mime?: string | null;
}

export const FILE_FIELDS = "url alternativeText width height mime";

/** What an <img> needs; computed on the server so the browser gets no Strapi JSON. The
 * resized sizes and formats are derived from `src` and `width` by <Img> (app/lib/images.ts). */
export interface ImageData {
  /** The original upload (/uploads/...). */
  src: string;
  /** Intrinsic size of the original: sets the aspect ratio (no layout shift) and caps the sizes offered. */
  width: number;
  height: number;
  alt: string;
}

export function toImage(file: CmsFile | null | undefined, alt?: string | null): ImageData | null {
  if (!file?.url) return null;
  return {
    // Same origin: the web server proxies /uploads, so pages never name the CMS.
    src: file.url,
    width: file.width || 800,
    height: file.height || 600,
    alt: (alt ?? file.alternativeText ?? "").trim(),
  };
}

/** The width of the copy offered to social networks (og:image): about what they show, a JPEG every one of them reads. */
const SHARE_WIDTH = 1280;

/** A picture as social networks are given it: a resized JPEG from /img, never wider than the upload. */
export function shareImageUrl(file: CmsFile | null | undefined): string | null {
  if (!file?.url) return null;
  if (!isResizable(file.url)) return file.url;
  const width = [...IMAGE_WIDTHS].reverse().find((candidate) => candidate <= Math.min(SHARE_WIDTH, file.width || SHARE_WIDTH));
  return width ? imageUrl(file.url, width, "jpeg") : file.url;
}
