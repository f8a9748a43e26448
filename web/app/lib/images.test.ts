import { describe, expect, it } from "vitest";
import { candidateWidths, fallbackFormat, fixedWidthSources, IMAGE_WIDTHS, imageSources, imageUrl, isResizable } from "./images";

describe("image widths", () => {
  it("grow by at most 25 % a step, so a picked size is never far above what is shown", () => {
    for (let i = 1; i < IMAGE_WIDTHS.length; i++) {
      expect(IMAGE_WIDTHS[i]! / IMAGE_WIDTHS[i - 1]!).toBeLessThanOrEqual(1.25);
    }
    // Above 100 px (everything but icons) a step is at most 15 % wider: <= 1.32x the pixels.
    for (let i = 1; i < IMAGE_WIDTHS.length; i++) {
      if (IMAGE_WIDTHS[i - 1]! >= 100) expect(IMAGE_WIDTHS[i]! / IMAGE_WIDTHS[i - 1]!).toBeLessThanOrEqual(1.15);
    }
  });

  it("offers the widths from the smallest shown size to 3x the largest, never above the upload", () => {
    expect(candidateWidths(1600, 144, 144)).toEqual([144, 160, 176, 200, 224, 256, 288, 320, 360, 400]);
    expect(Math.max(...candidateWidths(900, 300, 1200))).toBe(900);
    expect(candidateWidths(100, 300, 600)).toEqual([96]);
  });
});

describe("image URLs", () => {
  it("maps uploads to the resizer and leaves anything else alone", () => {
    expect(imageUrl("/uploads/hills_ab12.jpg", 640, "webp")).toBe("/img/640/webp/hills_ab12.jpg");
    expect(imageUrl("/favicon.svg", 640, "webp")).toBe("/favicon.svg");
    expect(isResizable("/uploads/a.png")).toBe(true);
    expect(isResizable("/uploads/a.svg")).toBe(false);
    expect(isResizable("/uploads/../etc/passwd.png")).toBe(false);
    expect(fallbackFormat("/uploads/A.JPG")).toBe("jpeg");
    expect(fallbackFormat("/uploads/a.gif")).toBe("gif");
  });

  it("gives WebP and the upload's own format, with a plain src for old browsers", () => {
    const sources = imageSources("/uploads/h.jpg", 1600, 320, 400);
    expect(sources.webpSrcSet).toMatch(/^\/img\/320\/webp\/h\.jpg 320w, /);
    expect(sources.srcSet).toContain("/img/1200/jpeg/h.jpg".replace("1200", "1120"));
    expect(sources.src).toBe("/img/400/jpeg/h.jpg");
    expect(imageSources("/uploads/h.webp", 1600, 320, 400).webpSrcSet).toBeUndefined();
    expect(imageSources("/avatar.svg", 144, 144, 144)).toEqual({ src: "/avatar.svg" });
  });
});

describe("fixed-width images (admin thumbnails)", () => {
  it("offers one resized width per screen density, never the original", () => {
    const sources = fixedWidthSources("/uploads/cover.jpg", 48);
    expect(sources.src).toBe("/img/64/jpeg/cover.jpg");
    expect(sources.srcSet).toBe("/img/64/jpeg/cover.jpg 64w, /img/96/jpeg/cover.jpg 96w, /img/144/jpeg/cover.jpg 144w");
    expect(sources.webpSrcSet).toBe("/img/64/webp/cover.jpg 64w, /img/96/webp/cover.jpg 96w, /img/144/webp/cover.jpg 144w");
    // Past the largest width: the largest, once.
    expect(fixedWidthSources("/uploads/wide.png", 1200).srcSet).toBe("/img/1280/png/wide.png 1280w, /img/2560/png/wide.png 2560w");
    expect(fixedWidthSources("blob:http://x/1", 48)).toEqual({ src: "blob:http://x/1" });
    expect(fixedWidthSources("/avatar-placeholder.svg", 160)).toEqual({ src: "/avatar-placeholder.svg" });
  });
});
