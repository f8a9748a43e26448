import type { ImageData } from "~/lib/content/media";

interface ImgProps {
  image: ImageData;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks from srcset. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once with high priority (the first hero image only). */
  priority?: boolean;
  alt?: string;
}

/** An <img> with intrinsic size (no layout shift), srcset from Strapi's formats, lazy by default. */
export function Img({ image, sizes, className, priority = false, alt }: ImgProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
