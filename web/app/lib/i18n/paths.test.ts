import { describe, expect, it } from "vitest";
import { basePath, localeFromPath, localizePath } from "./paths";

describe("language from the URL (ADR 005: English at the spec's paths, Nepali under /ne)", () => {
  it("reads the locale of a path", () => {
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/objectives")).toBe("en");
    expect(localeFromPath("/ne")).toBe("ne");
    expect(localeFromPath("/ne/")).toBe("ne");
    expect(localeFromPath("/ne/blogs/details/3")).toBe("ne");
    // Only the whole first segment counts.
    expect(localeFromPath("/news")).toBe("en");
    expect(localeFromPath("/nepal/ne")).toBe("en");
  });

  it("maps every public page to its Nepali twin and back, keeping query and hash", () => {
    const pairs: [string, string][] = [
      ["/", "/ne"],
      ["/objectives", "/ne/objectives"],
      ["/current-committee", "/ne/current-committee"],
      ["/organization", "/ne/organization"],
      ["/blogs", "/ne/blogs"],
      ["/blogs/details/12", "/ne/blogs/details/12"],
      ["/contact#donate", "/ne/contact#donate"],
      ["/gallery?tab=videos", "/ne/gallery?tab=videos"],
      ["/?x=1", "/ne?x=1"],
    ];
    for (const [en, ne] of pairs) {
      expect(localizePath(en, "ne")).toBe(ne);
      expect(localizePath(en, "en")).toBe(en);
      expect(localizePath(ne, "en")).toBe(en);
      expect(localizePath(ne, "ne")).toBe(ne);
      expect(basePath(ne)).toBe(en);
    }
  });

  it("leaves relative links and other sites alone", () => {
    expect(localizePath("?tab=images", "ne")).toBe("?tab=images");
    expect(localizePath("#top", "ne")).toBe("#top");
    expect(localizePath("//example.org/x", "ne")).toBe("//example.org/x");
    expect(basePath("/news")).toBe("/news");
  });
});
