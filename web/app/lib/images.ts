/**
 * Responsive images. Uploads are served resized and converted by the web server at
 * /img/{width}/{format}/{file} (server/images.ts), from a fixed list of widths and formats only,
 * so nobody can make the server render (and store) arbitrary sizes.
 *
 * The widths grow by at most ~14 % a step: a browser picks the first candidate at least as wide
 * as it needs, so it never downloads more than about 1.25x the pixels it shows.
 */
export const IMAGE_WIDTHS = [
  64, 80, 96, 112, 128, 144, 160, 176, 200, 224, 256, 288, 320, 360, 400, 448, 500, 560, 640, 720, 800, 900, 1000, 1120, 1280, 1440, 1600,
  1800, 2000, 2240, 2560,
] as const;

export const IMAGE_FORMATS = ["webp", "jpeg", "png", "gif"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Upload paths the resizer accepts (the same shape the /uploads proxy accepts). */
export const UPLOAD_PATH = /^\/uploads\/([A-Za-z0-9._-][A-Za-z0-9._\-/]*)$/;
const RESIZABLE = /\.(jpe?g|png|gif|webp)$/i;

/** The format an upload is served in for browsers without WebP: its own. */
export function fallbackFormat(src: string): ImageFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(src)?.[1]?.toLowerCase();
  if (ext === "jpg" || ext === "jpeg") return "jpeg";
  if (ext === "png") return "png";
  if (ext === "gif") return "gif";
  if (ext === "webp") return "webp";
  return null;
}

export function isResizable(src: string): boolean {
  return UPLOAD_PATH.test(src) && RESIZABLE.test(src) && !src.includes("..");
}

/** /uploads/a/b.jpg at 640 px as WebP -> /img/640/webp/a/b.jpg */
export function imageUrl(src: string, width: number, format: ImageFormat): string {
  const match = UPLOAD_PATH.exec(src);
  if (!match) return src;
  return `/img/${width}/${format}/${match[1]}`;
}

/**
 * The allowed widths worth offering for an image shown between `minCss` and `maxCss` CSS pixels
 * wide on screens of 1x to 3x density, never wider than the upload itself (no upscaling).
 */
export function candidateWidths(originalWidth: number, minCss: number, maxCss: number): number[] {
  const low = Math.max(1, Math.floor(minCss));
  const high = Math.min(originalWidth, Math.ceil(maxCss * 3));
  const inRange = IMAGE_WIDTHS.filter((w) => w >= low && w <= high);
  // The next step above the range still helps when the upload is wider (a 3.2x phone, zoom).
  const above = IMAGE_WIDTHS.find((w) => w > high && w <= originalWidth);
  if (above && inRange.length === 0) inRange.push(above);
  // A small upload: offer it at its own size (the largest allowed width not above it).
  if (inRange.length === 0) {
    const largest = [...IMAGE_WIDTHS].reverse().find((w) => w <= originalWidth);
    if (largest) inRange.push(largest);
  }
  return inRange;
}

export function srcSetFor(src: string, widths: number[], format: ImageFormat): string {
  return widths.map((w) => `${imageUrl(src, w, format)} ${w}w`).join(", ");
}

/** What <Img> renders from: the sources for each format, or the plain upload when it cannot be resized. */
export interface ImageSources {
  /** The <img src>: a fallback-format size near the middle of the range. */
  src: string;
  /** Modern format (WebP) for <source>, when resizable. */
  webpSrcSet?: string;
  /** Fallback format (JPEG/PNG/GIF) for <img srcset>. */
  srcSet?: string;
}

export function imageSources(src: string, originalWidth: number, minCss: number, maxCss: number): ImageSources {
  const fallback = fallbackFormat(src);
  if (!isResizable(src) || !fallback || originalWidth <= 0) return { src };
  const widths = candidateWidths(originalWidth, minCss, maxCss);
  // The <img src> (browsers without srcset support): the smallest size covering maxCss at 1x.
  const plain = widths.find((w) => w >= maxCss) ?? widths[widths.length - 1]!;
  return {
    src: imageUrl(src, plain, fallback),
    webpSrcSet: fallback === "webp" ? undefined : srcSetFor(src, widths, "webp"),
    srcSet: srcSetFor(src, widths, fallback),
  };
}

/**
 * Sources for an image shown at one width whatever the screen (admin thumbnails and previews),
 * whose original width is not known: one allowed width per screen density (1x to 3x). The resizer
 * never enlarges, so a small upload costs no more than itself.
 */
export function fixedWidthSources(src: string, cssWidth: number): ImageSources {
  const fallback = fallbackFormat(src);
  if (!isResizable(src) || !fallback) return { src };
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  const widths: number[] = [...new Set([1, 2, 3].map((density) => IMAGE_WIDTHS.find((w) => w >= cssWidth * density) ?? largest))];
  return {
    src: imageUrl(src, widths[0]!, fallback),
    webpSrcSet: fallback === "webp" ? undefined : srcSetFor(src, widths, "webp"),
    srcSet: srcSetFor(src, widths, fallback),
  };
}
