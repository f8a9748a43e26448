import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { nepaliStyleProblems } from "./nepali-style";

const rulesOf = (text: string) => nepaliStyleProblems(text).map((problem) => problem.rule);

describe("Nepali style checks", () => {
  it("find a postposition standing apart after a value, a word or a bracket", () => {
    expect(rulesOf("{label} मा हामीसँग जोडिनुहोस्")).toEqual(["detached postposition"]);
    expect(rulesOf("{name} को ब्लग")).toEqual(["detached postposition"]);
    expect(rulesOf("३० जना बालबालिका (२० बालिका र १० बालक) का लागि")).toEqual(["detached postposition"]);
    expect(rulesOf("अफलाइन दान मार्फत रु. ५,०००")).toEqual(["detached postposition"]);
  });

  it("accept postpositions joined to their word, and apart after a figure (the AD year goes between)", () => {
    expect(rulesOf("{label}मा हामीसँग जोडिनुहोस्। बालकका लागि, समितिमार्फत, उमेर र कक्षाअनुसार")).toEqual([]);
    expect(rulesOf("वि.सं. २०६८ देखि हामी; वि.सं. २०७४ मा सरे")).toEqual([]);
    // Words that merely begin like a postposition are words.
    expect(rulesOf("सबै मानिस लेख्छन्, कामना गर्छन्, बाटो हेर्छन्")).toEqual([]);
  });

  it("find an anusvara where the site writes the chandrabindu or the nasal consonant", () => {
    expect(rulesOf("तपाईं")).toEqual(["anusvara"]);
    expect(rulesOf("फर्कंदा")).toEqual(["anusvara"]);
    expect(rulesOf("बैंक")).toEqual(["anusvara"]);
    expect(rulesOf("तपाईँ बैङ्क फर्कँदा संस्था संरक्षण स्वयंसेवक वि.सं. २०६८, वडा नं. ४")).toEqual([]);
  });
});

/** The demo content's Nepali: `*.ne.md` posts and the `ne:` parts of the YAML files (English has no Devanagari). */
const DEMO_CONTENT = fileURLToPath(new URL("../../../../cms/demo-content/", import.meta.url));
const demoFiles = readdirSync(DEMO_CONTENT, { recursive: true, encoding: "utf8" }).filter((file) => /\.(ne\.md|ya?ml)$/.test(file));

describe("the demo content's Nepali (cms/demo-content)", () => {
  it("is there to check", () => {
    expect(demoFiles.filter((file) => file.endsWith(".ne.md")).length).toBeGreaterThan(5);
    expect(demoFiles.filter((file) => file.endsWith(".yaml")).length).toBeGreaterThan(20);
  });

  it("follows the site's conventions: postpositions joined, chandrabindu and nasal consonants", () => {
    const found = demoFiles.flatMap((file) =>
      nepaliStyleProblems(readFileSync(join(DEMO_CONTENT, file), "utf8")).map((problem) => `${file}: ${problem.rule}: ${problem.at}`),
    );
    expect(found).toEqual([]);
  });
});
