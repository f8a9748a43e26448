import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES, RULE_MESSAGES } from "@contract/rules";
import { ACCOUNT_MESSAGES } from "@contract/account-rules";
import { nepaliStyleProblems } from "~/lib/i18n/nepali-style";
import { adminEn, type AdminMessageKey } from "./messages.en";
import { adminNe } from "./messages.ne";
import { adminTranslator } from "./messages";
import { loginLocale, withChosenLang } from "./locale";

const keys = Object.keys(adminEn) as AdminMessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

/** Nepali texts with no Devanagari at all, each for a reason a reader would accept. */
const LATIN_ONLY: Partial<Record<AdminMessageKey, string>> = {
  "login.switchLanguage": "the switch names English in English, as language switchers do",
  "account.language.en": "the option names English in English, as language pickers do",
  "common.dateReading": "only the two dates, each already written in Nepali",
};

/** Texts the same in both catalogues: a language named in its own language, in both admins. */
const SAME_IN_BOTH: AdminMessageKey[] = ["lang.ne", "nepali.viewHeading", "account.language.en", "account.language.ne"];

describe("the admin's Nepali catalogue", () => {
  it("has exactly the English keys (the type says so too: satisfies AdminMessages)", () => {
    expect(Object.keys(adminNe).sort()).toEqual([...keys].sort());
  });

  it("keeps every key's placeholders, no more and no fewer", () => {
    for (const key of keys) expect(placeholders(adminNe[key]), key).toEqual(placeholders(adminEn[key]));
  });

  it("is written in Devanagari, except the documented names of English", () => {
    const latinOnly = keys.filter((key) => !DEVANAGARI.test(adminNe[key]));
    expect(latinOnly.sort()).toEqual(Object.keys(LATIN_ONLY).sort());
  });

  it("translates every text (none is the English left in place), languages named in their own aside", () => {
    expect(keys.filter((key) => adminNe[key] === adminEn[key]).sort()).toEqual([...SAME_IN_BOTH].sort());
  });

  it("writes numbers in Devanagari digits: no ASCII digit outside a placeholder", () => {
    // File types are names (mp4), not numbers.
    const words = (text: string) => text.replace(/\{\w+\}/g, "").replace(/\bmp4\b/g, "");
    for (const key of keys) expect(words(adminNe[key]), key).not.toMatch(/[0-9]/);
  });

  it("ends sentences with the purna biram, not a full stop (an ellipsis may stay)", () => {
    for (const key of keys) expect(adminNe[key], key).not.toMatch(/(^|[^.])\.$/);
  });

  it("passes the site's Nepali style checks (joined postpositions, chandrabindu, ङ before velars)", () => {
    for (const key of keys) expect(nepaliStyleProblems(adminNe[key]), key).toEqual([]);
  });
});

describe("the admin's English catalogue", () => {
  it("holds the contract's form messages word for word", () => {
    const english = new Set<string>(Object.values(adminEn));
    for (const message of [...Object.values(FIELD_MESSAGES), ...Object.values(RULE_MESSAGES), ...Object.values(ACCOUNT_MESSAGES)]) {
      expect(english.has(message), message).toBe(true);
    }
  });
});

describe("adminTranslator", () => {
  const en = adminTranslator("en");
  const ne = adminTranslator("ne");

  it("fills placeholders; in Nepali numbers come out in Devanagari digits, text as given", () => {
    expect(en("list.range", { from: 1, to: 20, count: 45 })).toBe("1–20 of 45");
    expect(ne("list.range", { from: 1, to: 20, count: 45 })).toBe("४५मध्ये १–२०");
    expect(ne("nav.signedInAs", { name: "sita@example.org" })).toBe("sita@example.orgको नाममा लगइन");
    expect(ne.number(2083)).toBe("२०८३");
  });

  it("puts the CMS's English form messages in the admin's language, values included", () => {
    expect(en.contract(FIELD_MESSAGES.nameRequired)).toBe("Name is required");
    expect(ne.contract(FIELD_MESSAGES.nameRequired)).toBe("नाम चाहिन्छ।");
    expect(ne.contract("Title must be at most 200 characters.")).toBe("शीर्षक बढीमा २०० अक्षरको हुनुपर्छ।");
    expect(ne.contract("The file is too large. Images may be at most 10 MB.")).toBe("फाइल धेरै ठुलो भयो। तस्बिर बढीमा १० MB हुनुपर्छ।");
    expect(ne.contract("Invalid email or password")).toBe("इमेल वा पासवर्ड मिलेन।");
    expect(ne.contract("Order must be a whole number from 0 to 999.")).toBe("क्रम ० देखि ९९९सम्मको पूर्णाङ्क हुनुपर्छ।");
    expect(
      ne.contract(
        "If a staff account has this e-mail address, a link to set a new password is on its way to it. The link works once, within 30 minutes.",
      ),
    ).toBe(
      "यो इमेल ठेगाना कुनै कर्मचारी खाताको हो भने नयाँ पासवर्ड राख्ने लिङ्क त्यहाँ पठाइँदै छ। लिङ्क एक पटक मात्र, ३० मिनेटभित्र चल्छ।",
    );
    // A message the catalogue does not know stays as the CMS wrote it rather than vanish.
    expect(ne.contract("Something new")).toBe("Something new");
  });

  it("lists names the way each language does", () => {
    expect(en.list(["Name", "Joined At", "Photo"])).toBe("Name, Joined At and Photo");
    expect(ne.list(["नाम", "तस्बिर"])).toBe("नाम र तस्बिर");
  });
});

describe("the login page's language", () => {
  const request = (url: string, acceptLanguage?: string) =>
    new Request(url, { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} });

  it("follows the switch first, then the browser's preferred languages, then English", () => {
    expect(loginLocale(request("http://site/login?lang=ne", "en-GB"))).toBe("ne");
    expect(loginLocale(request("http://site/login?lang=en", "ne-NP"))).toBe("en");
    expect(loginLocale(request("http://site/login", "ne-NP,ne;q=0.9,en;q=0.8"))).toBe("ne");
    expect(loginLocale(request("http://site/login", "hi;q=1,ne;q=0.5,en;q=0.7"))).toBe("en");
    expect(loginLocale(request("http://site/login", "fr,ne;q=0.4"))).toBe("ne");
    expect(loginLocale(request("http://site/login", "ne;q=0,en;q=0.1"))).toBe("en");
    expect(loginLocale(request("http://site/login?lang=xx"))).toBe("en");
  });

  it("goes along to the forgot and reset password pages when chosen with the switch, and only then", () => {
    expect(withChosenLang("/forgot-password", "ne")).toBe("/forgot-password?lang=ne");
    expect(withChosenLang("/login?reset=done", "en")).toBe("/login?reset=done&lang=en");
    expect(withChosenLang("/login", null)).toBe("/login");
    expect(withChosenLang("/login", "xx")).toBe("/login");
  });
});
