import { describe, expect, it } from "vitest";
import {
  pageTextFormFields,
  pageTextLabel,
  pageTextsSchema,
  pageTextsValues,
  slideNumberOf,
  slidePhotoSchema,
  slidesIn,
} from "./page-texts";

describe("the page texts form", () => {
  it("has the home page's slides first, then its texts; the other pages have no slides", () => {
    expect(pageTextFormFields("home", 2).slice(0, 5)).toEqual([
      "slide1Heading",
      "slide1Text",
      "slide2Heading",
      "slide2Text",
      "welcomeHeading",
    ]);
    expect(pageTextFormFields("objectives", 3)).toEqual(["bannerTitle", "intro"]);
    expect(slidesIn({ slide1Heading: "a", slide1Text: "b", slide2Heading: "c", welcomeHeading: "d" })).toBe(2);
  });

  it("names the fields in the admin's language, slide numbers in Devanagari digits in Nepali", () => {
    expect(pageTextLabel("slide2Heading", "en")).toBe("Slide 2: heading");
    expect(pageTextLabel("slide2Heading", "ne")).toBe("स्लाइड २: शीर्षक");
    expect(pageTextLabel("journey", "ne")).toBe("हाम्रो कथा");
  });

  it("refuses what the CMS refuses, with the CMS's messages", () => {
    const values = { ...pageTextsValues("objectives", 0, { bannerTitle: "Objectives" }), intro: "x".repeat(4001) };
    const result = pageTextsSchema("objectives", 0).safeParse({ ...values, bannerTitle: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["bannerTitle", "Page title is required"],
      ["intro", "Introduction must be at most 4000 characters."],
    ]);
  });
});

describe("a hero slide's photo form", () => {
  const limits = { imageMaxBytes: 1024 * 1024, videoMaxBytes: 1, imageMaxPixels: 40_000_000 };
  const issuesOf = (values: Record<string, unknown>) =>
    slidePhotoSchema(limits)
      .safeParse({ imageAlt: "Children in the garden", imageAltNe: "", ...values })
      .error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];

  it("takes a picture within the limit, or no photo at all (the slide keeps its own)", () => {
    expect(issuesOf({ image: { name: "garden.jpg", type: "image/jpeg", size: 2000 } })).toEqual([]);
    expect(issuesOf({ image: undefined })).toEqual([]);
  });

  it("refuses another file type, a photo past the size limit and an empty description with the contract's messages", () => {
    expect(issuesOf({ image: { name: "notes.txt", type: "text/plain", size: 10 } })).toEqual([
      ["image", "Invalid file type. Only jpg, jpeg, png, gif allowed."],
    ]);
    expect(issuesOf({ image: { name: "big.jpg", type: "image/jpeg", size: 1024 * 1024 + 1 } })).toEqual([
      ["image", "The file is too large. Images may be at most 1 MB."],
    ]);
    expect(issuesOf({ imageAlt: " " })).toEqual([["imageAlt", "Photo description is required"]]);
    expect(issuesOf({ imageAltNe: "क".repeat(201) })).toEqual([
      ["imageAltNe", "Photo description (Nepali) must be at most 200 characters."],
    ]);
  });

  it("knows only the slides the page has", () => {
    expect(slideNumberOf("2", 3)).toBe(2);
    for (const value of ["0", "4", "1x", "", null]) expect(slideNumberOf(value, 3)).toBeNull();
  });
});
