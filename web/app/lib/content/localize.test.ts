import { describe, expect, it } from "vitest";
import { mergeLocalized, pickLocalized, withAdYears } from "./localize";

describe("English fallback on Nepali pages (ADR 005)", () => {
  const en = [
    { numericId: 3, title: "Third", author: "a@example.org" },
    { numericId: 1, title: "First", author: "b@example.org" },
    { numericId: 2, title: "Second", author: "c@example.org" },
  ];

  it("keeps the English order and rows, with the Nepali text where there is one", () => {
    const ne = [
      { numericId: 1, title: "पहिलो" },
      { numericId: 3, title: "तेस्रो" },
      { numericId: 99, title: "अनाथ" }, // no English row: cannot be linked, ignored
    ];
    const merged = mergeLocalized(en, ne, (row, text) => ({ ...row, title: text.title }));
    expect(merged).toEqual([
      { numericId: 3, title: "तेस्रो", author: "a@example.org" },
      { numericId: 1, title: "पहिलो", author: "b@example.org" },
      { numericId: 2, title: "Second", author: "c@example.org", fallback: true },
    ]);
  });

  it("marks everything as fallback when nothing is translated, and never drops an entry", () => {
    const merged = mergeLocalized(en, [], (row) => row);
    expect(merged.map((r) => r.fallback)).toEqual([true, true, true]);
    expect(merged.map((r) => r.title)).toEqual(["Third", "First", "Second"]);
  });

  it("picks a single type's Nepali version, else the English one marked fallback", () => {
    expect(pickLocalized({ name: "नाम" }, { name: "Name" })).toEqual({ name: "नाम" });
    expect(pickLocalized(null, { name: "Name" })).toEqual({ name: "Name", fallback: true });
    expect(pickLocalized(null, null)).toBeNull();
  });

  it("adds AD years to every BS year in a view, in both scripts", () => {
    const view = {
      about: "Founded in 2068 BS.",
      cards: [{ text: "वि.सं. २०७४ मा सरेको" }],
      image: { src: "/img/640/webp/x_2068.png", width: 640 },
      count: 2078,
    };
    expect(withAdYears(view)).toEqual({
      about: "Founded in 2068 BS (2011/12).",
      cards: [{ text: "वि.सं. २०७४ (सन् २०१७/१८) मा सरेको" }],
      image: { src: "/img/640/webp/x_2068.png", width: 640 },
      count: 2078,
    });
  });
});
