/** A media field as Strapi's GraphQL returns it (UploadFile). */
export interface CmsFile {
  url: string;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  mime?: string | null;
  formats?: Record<string, { url: string; width: number; height: number } | undefined> | null;
}

export const FILE_FIELDS = "url alternativeText width height formats mime";

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

/** Strapi's generated sizes (thumbnail, xsmall, small, medium, large...), narrowest first. */
function formatsByWidth(file: CmsFile): { url: string; width: number }[] {
  return Object.values(file.formats ?? {})
    .filter((f): f is { url: string; width: number; height: number } => Boolean(f?.url && f.width))
    .sort((a, b) => a.width - b.width);
}

/**
 * Strapi serves uploads at relative URLs (/uploads/...). The web server proxies that
 * path, so relative URLs are kept as they are: same origin, no CMS address in pages.
 */
export function mediaUrl(url: string): string {
  return url;
}

export function toImage(file: CmsFile | null | undefined, alt?: string | null): ImageData | null {
  if (!file?.url) return null;
  return {
    src: mediaUrl(file.url),
    width: file.width || 800,
    height: file.height || 600,
    alt: (alt ?? file.alternativeText ?? "").trim(),
  };
}

/** Picks the smallest generated size at least `minWidth` wide (for thumbnails, feeds). */
export function pickSize(file: CmsFile | null | undefined, minWidth: number): string | null {
  if (!file?.url) return null;
  const fit = formatsByWidth(file).find((f) => f.width >= minWidth);
  return mediaUrl(fit?.url ?? file.url);
}
