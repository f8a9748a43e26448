import { describe, expect, it } from "vitest";
import { clampedPlace, listHref, listPlaceOf, returnPathOf, withBack } from "./list-place";

describe("list places", () => {
  it("reads page and search from a list URL, a page that cannot exist being page 1", () => {
    expect(listPlaceOf(new URLSearchParams("q=+dashain+&page=3"))).toEqual({ page: 3, q: "dashain" });
    expect(listPlaceOf(new URLSearchParams("page=abc"))).toEqual({ page: 1, q: "" });
    expect(listPlaceOf(new URLSearchParams(`q=${"a".repeat(300)}`)).q).toHaveLength(200);
  });

  it("writes the list URL with page 1 and an empty search left out", () => {
    expect(listHref("blog", { page: 1, q: "" })).toBe("/bloglist");
    expect(listHref("blog", { page: 4, q: "kite day" })).toBe("/bloglist?q=kite+day&page=4");
    expect(listHref("image", { page: 2, q: "" })).toBe("/gallery/images?page=2");
  });

  it("keeps the search and moves to the last page that still exists", () => {
    expect(clampedPlace({ page: 2, q: "x" }, 25)).toEqual({ page: 1, q: "x" });
    expect(clampedPlace({ page: 2, q: "x" }, 26)).toEqual({ page: 2, q: "x" });
    expect(clampedPlace({ page: 3, q: "" }, 0)).toEqual({ page: 1, q: "" });
  });

  it("returns only to the kind's own list, rebuilt from its page and search", () => {
    expect(returnPathOf("blog", "/bloglist?page=3&q=holi")).toBe("/bloglist?q=holi&page=3");
    expect(returnPathOf("team", "/teams?page=2&delete=5&evil=1")).toBe("/teams?page=2");
    for (const back of [
      null,
      "",
      "https://evil.example/bloglist",
      "//evil.example",
      "/teams?page=2",
      "/bloglistx?page=2",
      "/bloglist/../login",
    ]) {
      expect(returnPathOf("blog", back), String(back)).toBe("/bloglist");
    }
  });

  it("carries the place on as ?back= only when it is not the plain list", () => {
    expect(withBack("/blogs/edit/3", "/bloglist", "blog")).toBe("/blogs/edit/3");
    expect(withBack("/blogs/edit/3", "/bloglist?q=a+b&page=2", "blog")).toBe("/blogs/edit/3?back=%2Fbloglist%3Fq%3Da%2Bb%26page%3D2");
    expect(withBack("/blogs/edit/3?lang=ne", "/bloglist?page=2", "blog")).toBe("/blogs/edit/3?lang=ne&back=%2Fbloglist%3Fpage%3D2");
  });
});
