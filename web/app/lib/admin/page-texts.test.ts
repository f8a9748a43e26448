import { describe, expect, it } from "vitest";
import { pageTextFormFields, pageTextLabel, pageTextsSchema, pageTextsValues, slidesIn } from "./page-texts";

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
