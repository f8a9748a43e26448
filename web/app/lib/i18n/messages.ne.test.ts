import { describe, expect, it } from "vitest";
import { en, type MessageKey } from "./messages.en";
import { ne } from "./messages.ne";
import { nepaliStyleProblems, type StyleProblem } from "./nepali-style";

const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * Values allowed to contain no Devanagari at all, each for a reason a reader would accept.
 * Anything else in Latin letters only is an untranslated string.
 */
const LATIN_ONLY: Partial<Record<MessageKey, string>> = {
  "donate.method.paypal": "brand name; Nepali payment pages write it in Latin letters",
  "lang.switch": "the language switcher names English in English, as switchers do",
  "lang.switchShort": "the same, short: EN",
};

describe("Nepali message catalogue", () => {
  it("has exactly the English keys", () => {
    expect(Object.keys(ne).sort()).toEqual([...keys].sort());
  });

  it("keeps every key's placeholders, no more and no fewer", () => {
    for (const key of keys) expect(placeholders(ne[key]), key).toEqual(placeholders(en[key]));
  });

  it("has no empty messages", () => {
    for (const key of keys) expect(ne[key].trim(), key).not.toBe("");
  });

  it("is written in Devanagari, except the documented proper nouns", () => {
    const latinOnly = keys.filter((key) => !DEVANAGARI.test(ne[key]));
    expect(latinOnly.sort()).toEqual(Object.keys(LATIN_ONLY).sort());
  });

  it("translates every message (none is the English text left in place), proper nouns aside", () => {
    const same = keys.filter((key) => ne[key] === en[key] && !(key in LATIN_ONLY));
    expect(same).toEqual([]);
  });

  it("uses no ASCII digits: numbers come through placeholders and are written in Devanagari", () => {
    for (const key of keys) expect(ne[key].replace(/\{\w+\}/g, ""), key).not.toMatch(/[0-9]/);
  });

  it("ends sentences with the purna biram, not a full stop (an ellipsis may stay)", () => {
    for (const key of keys) expect(ne[key], key).not.toMatch(/(^|[^.])\.$/);
  });

  it("joins a postposition to the value filled in before it ({label}मा, never {label} मा)", () => {
    for (const key of keys) expect(problems(key, "detached postposition"), key).toEqual([]);
  });

  it("follows one spelling convention: chandrabindu for nasal vowels (तपाईँ), ङ before velars (बैङ्क)", () => {
    for (const key of keys) expect(problems(key, "anusvara"), key).toEqual([]);
  });
});

const problems = (key: MessageKey, rule: StyleProblem["rule"]) => nepaliStyleProblems(ne[key]).filter((problem) => problem.rule === rule);
