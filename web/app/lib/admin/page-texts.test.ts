import { describe, expect, it } from "vitest";
import { adminTranslator } from "./messages";
import {
  listItemLabel,
  listItemsBody,
  PAGE_LISTS,
  pageListLabel,
  pageListSchema,
  pageListSpec,
  pageListsOf,
  postedListItems,
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

describe("the cards and lists forms", () => {
  const errorsOf = (list: string, page: "home" | "objectives" | "organization", items: unknown[]) => {
    const parsed = pageListSchema(pageListSpec(page, list)!).safeParse({ items });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  };

  it("takes a list within its size whose items have their required texts", () => {
    expect(errorsOf("coreObjectives", "objectives", [{ title: "Education", description: "" }, { title: "Health" }])).toEqual({});
    expect(errorsOf("historyCards", "organization", [{ title: "Founded", yearBs: "2062", text: "" }])).toEqual({});
  });

  it("refuses with the CMS's messages under the contract's names", () => {
    expect(errorsOf("coreObjectives", "objectives", [{ title: " ", description: "x".repeat(2001) }])).toEqual({
      "items.0.title": "Title is required",
      "items.0.description": "Text must be at most 2000 characters.",
    });
    expect(
      errorsOf(
        "keyAreas",
        "objectives",
        [1, 2, 3, 4].map((n) => ({ title: `Area ${n}` })),
      ),
    ).toEqual({
      items: "This list holds at most 3 items.",
    });
    expect(errorsOf("historyCards", "organization", [{ title: "Founded", yearBs: "20x2" }])).toEqual({
      "items.0.yearBs": "Year (B.S.) must be a whole number.",
    });
  });

  it("has a list for every repeatable part of the three pages, hero slides aside", () => {
    expect(Object.keys(PAGE_LISTS.home)).toEqual(["welcomeCards", "benefits", "initiatives", "admissionListOne", "admissionListTwo"]);
    expect(Object.keys(PAGE_LISTS.objectives)).toEqual(["coreObjectives", "additionalObjectives", "keyAreas"]);
    expect(Object.keys(PAGE_LISTS.organization)).toEqual(["standards", "historyCards", "programmes", "challenges"]);
    expect(pageListSpec("objectives", "heroSlides")).toBeNull();
    expect(pageListSpec("objectives", "toString")).toBeNull();
  });

  it("reads posted items in their order, with the ids they have, and sends them as the contract takes them", () => {
    const form = new URLSearchParams([
      ["items.1.title", "Second"],
      ["items.1.description", ""],
      ["items.0.id", "12"],
      ["items.0.title", "First"],
      ["items.0.description", "Text"],
      ["items.2.id", "not-an-id"],
      ["items.2.title", "Third"],
    ]);
    const items = postedListItems("titledText", form);
    expect(items).toEqual([
      { id: 12, values: { title: "First", description: "Text" } },
      { id: null, values: { title: "Second", description: "" } },
      { id: null, values: { title: "Third", description: "" } },
    ]);
    expect(listItemsBody("titledText", items)).toEqual([
      { id: 12, title: "First", description: "Text" },
      { title: "Second", description: "" },
      { title: "Third", description: "" },
    ]);
  });

  it("reads the CMS's lists as text, and names lists and fields in the admin's language", () => {
    expect(pageListsOf("organization", { historyCards: [{ id: 3, title: "Founded", yearBs: 2062, text: null }] })?.historyCards).toEqual([
      { id: 3, values: { title: "Founded", yearBs: "2062", text: "" } },
    ]);
    expect(pageListsOf("organization", null)).toBeNull();
    expect(pageListLabel("coreObjectives", "ne")).toBe("मुख्य उद्देश्यहरू");
    expect(listItemLabel(1, "title", "en", adminTranslator("en")("pages.listItem"))).toBe("Item 2: Title");
    expect(listItemLabel(1, "title", "ne", adminTranslator("ne")("pages.listItem"))).toBe("वस्तु २: शीर्षक");
  });

  it("says the list messages in Nepali too", () => {
    const at = adminTranslator("ne");
    expect(at.contract("This list holds at most 3 items.")).toBe("यो सूचीमा बढीमा ३ वटा वस्तु हुन सक्छन्।");
    expect(at.contract("Year (B.S.) must be a whole number.")).toBe("वर्ष (वि.सं.) पूर्ण सङ्ख्या हुनुपर्छ।");
  });
});
