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

/** What an <img> needs; computed on the server so the browser gets no Strapi JSON. */
export interface ImageData {
  src: string;
  srcSet?: string;
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
  const width = file.width ?? 0;
  const height = file.height ?? 0;
  const candidates = new Map<number, string>();
  // Every generated size is a candidate: the browser picks by `sizes` and screen density.
  for (const f of formatsByWidth(file)) candidates.set(f.width, mediaUrl(f.url));
  if (width) candidates.set(width, mediaUrl(file.url));
  const srcSet =
    candidates.size > 1
      ? [...candidates.entries()]
          .sort(([a], [b]) => a - b)
          .map(([w, u]) => `${u} ${w}w`)
          .join(", ")
      : undefined;
  return {
    src: mediaUrl(file.url),
    srcSet,
    width: width || 800,
    height: height || 600,
    alt: (alt ?? file.alternativeText ?? "").trim(),
  };
}

/** Picks the smallest generated size at least `minWidth` wide (for thumbnails, feeds). */
export function pickSize(file: CmsFile | null | undefined, minWidth: number): string | null {
  if (!file?.url) return null;
  const fit = formatsByWidth(file).find((f) => f.width >= minWidth);
  return mediaUrl(fit?.url ?? file.url);
}
