import { describe, expect, it } from "vitest";
import { truncateText, VIDEO_DESCRIPTION_LIMIT } from "./truncate";

describe("video description truncation", () => {
  it("cuts at the spec's 80 characters", () => {
    expect(VIDEO_DESCRIPTION_LIMIT).toBe(80);
    const text = "a".repeat(81);
    expect(truncateText(text)).toEqual({ text: `${"a".repeat(80)}...`, truncated: true });
  });

  it("leaves a text of exactly 80 characters alone", () => {
    const text = "b".repeat(80);
    expect(truncateText(text)).toEqual({ text, truncated: false });
  });

  it("does not leave a space before the ellipsis", () => {
    const text = `${"word ".repeat(16)}tail`; // the 80th character is a space
    expect(truncateText(text).text).toBe(`${"word ".repeat(16).trimEnd()}...`);
  });

  it("counts user-perceived characters, so Devanagari is never cut inside a letter", () => {
    const nepali = "नमस्ते ".repeat(20); // conjuncts and vowel signs
    const { text, truncated } = truncateText(nepali, 10);
    expect(truncated).toBe(true);
    const segments = Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text.replace(/\.\.\.$/, "")));
    expect(segments.length).toBeLessThanOrEqual(10);
    expect(nepali.startsWith(text.replace(/\.\.\.$/, ""))).toBe(true);
  });
});
