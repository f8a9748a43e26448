import { describe, expect, it } from "vitest";
import { shareImageUrl, toImage } from "./media";

const file = {
  url: "/uploads/hero.jpg",
  width: 1600,
  height: 900,
  alternativeText: "A house on a hill",
};

describe("toImage", () => {
  it("keeps the original upload and its intrinsic size (the resized sizes are made by <Img>)", () => {
    expect(toImage(file)).toEqual({
      src: "/uploads/hero.jpg",
      width: 1600,
      height: 900,
      alt: "A house on a hill",
    });
  });

  it("prefers the alt text given by the content over the file's", () => {
    expect(toImage(file, "Our home")?.alt).toBe("Our home");
  });

  it("handles missing files and files without sizes", () => {
    expect(toImage(null)).toBeNull();
    expect(toImage({ url: "/uploads/a.png", width: 10, height: 10 })).toMatchObject({ width: 10, alt: "" });
  });

  it("offers social networks a resized JPEG, never wider than the upload", () => {
    expect(shareImageUrl(file)).toBe("/img/1280/jpeg/hero.jpg");
    expect(shareImageUrl({ url: "/uploads/small.png", width: 700, height: 400 })).toBe("/img/640/jpeg/small.png");
    expect(shareImageUrl({ url: "/uploads/clip.mp4" })).toBe("/uploads/clip.mp4");
    expect(shareImageUrl(null)).toBeNull();
  });
});
