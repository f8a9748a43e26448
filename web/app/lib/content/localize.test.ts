import { describe, expect, it } from "vitest";
import { inLocale, withAdYears } from "./localize";

describe("English fallback on Nepali pages (ADR 005)", () => {
  const post = { numericId: 3, title: "Third", author: "a@example.org" };

  it("shows the English entry on English pages, whatever Nepali was read", () => {
    expect(inLocale({ ...post, ne: [{ title: "तेस्रो", locale: "ne" }] }, "en")).toEqual(post);
    expect(inLocale(post, "en")).toEqual(post);
  });

  it("puts the Nepali texts over the English entry on Nepali pages, keeping what is shared", () => {
    expect(inLocale({ ...post, ne: [{ title: "तेस्रो" }] }, "ne")).toEqual({ ...post, title: "तेस्रो" });
    // A single type's localizations name their locale: only the Nepali one counts.
    expect(inLocale({ name: "Name", ne: [{ name: "नाम", locale: "ne" }] }, "ne")).toEqual({ name: "नाम" });
  });

  it("shows the English entry marked fallback when there is no Nepali version, and null as null", () => {
    expect(inLocale({ ...post, ne: [] }, "ne")).toEqual({ ...post, fallback: true });
    expect(inLocale({ ...post, ne: null }, "ne")).toEqual({ ...post, fallback: true });
    expect(inLocale({ name: "Name", ne: [{ name: "Nom", locale: "fr" }] }, "ne")).toEqual({ name: "Name", fallback: true });
    expect(inLocale(null, "ne")).toBeNull();
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
