import type { ImgHTMLAttributes } from "react";
import { fixedWidthSources } from "~/lib/images";

/**
 * An upload as the admin shows it: a copy from /img at the width it is displayed (WebP where the
 * browser takes it), never the original, which may be a phone's 5 MB photo. A preview of a file
 * just chosen (a blob: URL) or anything else not resizable is shown as it is.
 */
export function SizedImage({
  src,
  shownWidth,
  ...rest
}: { src: string; shownWidth: number } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes">) {
  const sources = fixedWidthSources(src, shownWidth);
  const sizes = `${shownWidth}px`;
  return (
    <picture className="contents">
      {sources.webpSrcSet ? <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} /> : null}
      <img src={sources.src} srcSet={sources.srcSet} sizes={sources.srcSet ? sizes : undefined} {...rest} />
    </picture>
  );
}

/** A video's poster at the width it is shown (a still, also from /img). */
export function sizedPoster(src: string | null | undefined, shownWidth: number): string | undefined {
  return src ? fixedWidthSources(src, shownWidth).src : undefined;
}
