import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageCountOf, pagerEntries, requestedPage } from "./pagination";

const page = (search: string) => requestedPage(new URLSearchParams(search));

describe("requestedPage", () => {
  it("is 1 without a page and the number for a plain whole number", () => {
    expect(page("")).toBe(1);
    expect(page("tab=videos")).toBe(1);
    expect(page("page=1")).toBe(1);
    expect(page("page=7&tab=videos")).toBe(7);
    expect(page(`page=${MAX_PAGE}`)).toBe(MAX_PAGE);
  });

  it("is null for anything that cannot be a page", () => {
    for (const bad of [
      "page=",
      "page=0",
      "page=-1",
      "page=02",
      "page=2.0",
      "page=1e3",
      "page=+2",
      "page=2x",
      "page=%20",
      "page=abc",
      `page=${MAX_PAGE + 1}`,
      "page=99999999999",
      "page=2&page=3",
    ]) {
      expect(page(bad), bad).toBeNull();
    }
  });
});

describe("pageCountOf", () => {
  it("rounds up and keeps one page for an empty list", () => {
    expect(pageCountOf(0, 12)).toBe(1);
    expect(pageCountOf(12, 12)).toBe(1);
    expect(pageCountOf(13, 12)).toBe(2);
    expect(pageCountOf(10_000, 12)).toBe(834);
  });
});

describe("pagerEntries", () => {
  it("shows every page of a short list", () => {
    expect(pagerEntries(1, 1)).toEqual([1]);
    expect(pagerEntries(2, 3)).toEqual([1, 2, 3]);
    expect(pagerEntries(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it("keeps first, last, current and its neighbours, with gaps between", () => {
    expect(pagerEntries(1, 834)).toEqual([1, 2, "gap", 834]);
    expect(pagerEntries(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pagerEntries(834, 834)).toEqual([1, "gap", 833, 834]);
    expect(pagerEntries(5, 10, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 10]);
  });

  it("shows a single left-out page instead of a gap", () => {
    expect(pagerEntries(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
    expect(pagerEntries(4, 10)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
    expect(pagerEntries(8, 10)).toEqual([1, "gap", 7, 8, 9, 10]);
  });

  it("links every page within two steps of any other", () => {
    for (const count of [1, 2, 7, 50]) {
      for (let current = 1; current <= count; current++) {
        const entries = pagerEntries(current, count);
        expect(entries).toContain(current);
        expect(entries[0]).toBe(1);
        expect(entries.at(-1)).toBe(count);
      }
    }
  });
});
