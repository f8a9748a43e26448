import { preload } from "react-dom";
import type { ImageData } from "~/lib/content/media";
import { imageSources } from "~/lib/images";

interface ImgProps {
  image: ImageData;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks from srcset. */
  sizes: string;
  /** Narrowest and widest the image is shown, in CSS pixels: bounds the sizes offered. */
  shown: readonly [min: number, max: number];
  className?: string;
  /** Above the fold and the largest thing on screen: load at once with high priority. */
  priority?: boolean;
  /** Above the fold but not the main image: load at once, normal priority. */
  eager?: boolean;
  /** Also announce it in <head> (the page's LCP image: the hero's first slide). */
  preloadInHead?: boolean;
  alt?: string;
}

/**
 * A responsive image: WebP for browsers that take it, the upload's own format (JPEG, PNG, GIF)
 * for the rest, both resized by the web server from a fixed list of widths (app/lib/images.ts).
 * Width and height are always set (no layout shift); lazy unless told otherwise.
 */
export function Img({ image, sizes, shown, className, priority = false, eager = false, preloadInHead = false, alt }: ImgProps) {
  const sources = imageSources(image.src, image.width, shown[0], shown[1]);
  if (preloadInHead) {
    // React only preloads <img> outside <picture> itself, and that would be the fallback format.
    preload(sources.src, {
      as: "image",
      imageSrcSet: sources.webpSrcSet ?? sources.srcSet,
      imageSizes: sizes,
      type: sources.webpSrcSet ? "image/webp" : undefined,
      fetchPriority: "high",
    });
  }
  return (
    <picture className="contents">
      {sources.webpSrcSet ? <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} /> : null}
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.srcSet ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        className={className}
        loading={priority || eager ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}
