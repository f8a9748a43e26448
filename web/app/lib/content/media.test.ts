import { describe, expect, it } from "vitest";
import { pickSize, toImage } from "./media";

const file = {
  url: "/uploads/hero.jpg",
  width: 1600,
  height: 900,
  alternativeText: "A house on a hill",
  formats: {
    medium: { url: "/uploads/medium_hero.jpg", width: 750, height: 422 },
    thumbnail: { url: "/uploads/thumbnail_hero.jpg", width: 245, height: 138 },
    xsmall: { url: "/uploads/xsmall_hero.jpg", width: 320, height: 180 },
    small: { url: "/uploads/small_hero.jpg", width: 500, height: 281 },
  },
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

  it("picks the smallest size that is wide enough", () => {
    expect(pickSize(file, 400)).toBe("/uploads/small_hero.jpg");
    expect(pickSize(file, 1000)).toBe("/uploads/hero.jpg");
  });
});
