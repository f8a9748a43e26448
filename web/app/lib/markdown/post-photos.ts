import { imageSources } from "../images";

/**
 * Photos inside a post's text reach visitors the way every other picture on the site does: resized
 * by /img at the width the screen needs (WebP with the upload's own format as fallback), lazy, with
 * width and height so nothing jumps; never the original upload. The text names them as Markdown
 * writes them: `/uploads/<file>`, or the CMS's own address where the Strapi console's Image button
 * put it (which the site's Content-Security-Policy would block). The CMS tells which of those URLs are
 * its stored photos, with their sizes (`/api/post-photo-sizes`); this module only rewrites the HTML.
 */

/** A photo the CMS knows: its upload path and pixel size. */
export interface PostPhoto {
  url: string;
  width: number;
  height: number;
}

/** How wide a post's photos are shown: the text column (68ch, about 42rem) or the screen less its margins. */
export const POST_PHOTO_SIZES = "(min-width: 48rem) 42rem, calc(100vw - 2rem)";
const SHOWN: readonly [number, number] = [280, 680];

// sanitize-html writes every attribute double-quoted with `"`, `<`, `>` and `&` escaped, and <img> as a void tag.
const IMG_TAG = /<img\b([^<>]*?)\s*\/?>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

const decode = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[name]!);
const encode = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function attributesOf(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(ATTRIBUTE)].map((match) => [match[1]!, decode(match[2]!)] as const));
}

/** The src of every image in sanitised post HTML, in order, each once. */
export function photoUrlsIn(html: string): string[] {
  return [
    ...new Set([...html.matchAll(IMG_TAG)].map((match) => attributesOf(match[1]!).get("src")).filter((src): src is string => Boolean(src))),
  ];
}

/**
 * Sanitised post HTML with each known photo (`photos`, keyed by the src as written) as a resized,
 * lazy <picture>; a relative /uploads image the CMS did not size still goes through /img (without
 * width and height). Other images are left as they are.
 */
export function withPostPhotos(html: string, photos: Record<string, PostPhoto>): string {
  return html.replace(IMG_TAG, (tag, attributeText: string) => {
    const attributes = attributesOf(attributeText);
    const src = attributes.get("src") ?? "";
    const photo = photos[src];
    const upload = photo?.url ?? (src.startsWith("/uploads/") ? src : null);
    if (!upload) return tag;
    const sources = imageSources(upload, photo?.width ?? Number.MAX_SAFE_INTEGER, SHOWN[0], SHOWN[1]);
    if (!sources.srcSet) return photo ? tag.replace(`src="${encode(src)}"`, `src="${encode(upload)}"`) : tag;
    const img: [string, string | number | undefined][] = [
      ["src", sources.src],
      ["srcset", sources.srcSet],
      ["sizes", POST_PHOTO_SIZES],
      ["width", photo?.width],
      ["height", photo?.height],
      ["alt", attributes.get("alt") ?? ""],
      ["title", attributes.get("title")],
      ["loading", "lazy"],
      ["decoding", "async"],
    ];
    const written = img
      .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
      .map(([name, value]) => `${name}="${encode(String(value))}"`)
      .join(" ");
    const webp = sources.webpSrcSet
      ? `<source type="image/webp" srcset="${encode(sources.webpSrcSet)}" sizes="${POST_PHOTO_SIZES}" />`
      : "";
    return `<picture>${webp}<img ${written} /></picture>`;
  });
}
