import { describe, expect, it } from "vitest";
import { CHILD_NAMES_MAX, CHILD_NAMES_MESSAGES, childNamesIn } from "@contract/child-names";
import { childNamesFinder, childNamesSchema, childNamesText } from "./child-names";
import { adminTranslator } from "./messages";

const LIST = ["Sita Gurung", "Ram Thapa", "सीता गुरुङ", "Mary-Jane Rai", "Sita Tamang"];

describe("childNamesFinder", () => {
  it("names each listed name once across a form's fields, in the list's order", () => {
    const find = childNamesFinder(LIST);
    const title = "A day out with Ram Thapa";
    const content = "Sita Gurung and RAM   THAPA went to school.\n\nSita gurung again.";
    expect(find([title, content])).toEqual(["Sita Gurung", "Ram Thapa"]);
  });

  it("finds a name inside a photo's description (Markdown alt text) in a post's text", () => {
    const content = "We planted trees.\n\n![Sita Gurung watering a tree](/uploads/tree_1a2b.jpg)\n\nThe end.";
    expect(childNamesFinder(LIST)(["Planting day", content])).toEqual(["Sita Gurung"]);
  });

  it("finds a name written in Devanagari, with a postposition written onto it, but not inside another word", () => {
    const find = childNamesFinder(LIST);
    expect(find(["आज सीता गुरुङ विद्यालय गइन्।"])).toEqual(["सीता गुरुङ"]);
    expect(find(["आज सीता गुरुङले चित्र बनाइन्।"])).toEqual(["सीता गुरुङ"]);
    expect(find(["आज असीता गुरुङ आइन्।"])).toEqual([]);
  });

  it("finds names whose first word has other characters in it, and names that share a first name", () => {
    const find = childNamesFinder(LIST);
    expect(find(["mary-jane rai painted", "Sita Tamang sang"])).toEqual(["Mary-Jane Rai", "Sita Tamang"]);
    expect(find(["Sita alone", "Gurung family"])).toEqual([]);
  });

  it("answers as childNamesIn does, text by text", () => {
    const texts = [
      "Sita Gurungs",
      "xSita Gurung",
      "Sita\tGurung.",
      "(Ram Thapa)",
      "ram thapa1",
      "Ｓita Gurung",
      "SİTA GURUNG",
      "सीता गुरुङ।",
      "Ram Thapa, Sita Tamang",
      "",
    ];
    const find = childNamesFinder(LIST);
    for (const text of texts) expect(find([text]), text).toEqual(childNamesIn(text, LIST));
  });

  it("finds nothing with an empty list, and keeps up with a long list and a long post", () => {
    expect(childNamesFinder([])(["Sita Gurung"])).toEqual([]);
    const names = Array.from({ length: CHILD_NAMES_MAX }, (_, index) => `Child${index} Family${index % 37}`);
    names[500] = "Hari Shrestha";
    const post = `${"The children played in the garden after school. ".repeat(2000)} ![Hari Shrestha reading](/uploads/a.jpg)`;
    const find = childNamesFinder(names);
    const started = performance.now();
    expect(find(["Reading week", post])).toEqual(["Hari Shrestha"]);
    // Typing in the title does not search the post again.
    expect(find(["Reading week with Child7 Family7", post])).toEqual(["Child7 Family7", "Hari Shrestha"]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("childNamesSchema", () => {
  const problem = (names: string) => {
    const result = childNamesSchema.safeParse({ names });
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("accepts full names one per line, with blank lines and repeats", () => {
    expect(problem("Sita Gurung\n\n  Ram   Thapa \r\nsita gurung\nसीता गुरुङ")).toBeNull();
    expect(problem("")).toBeNull();
  });

  it("refuses what the CMS refuses, with its messages", () => {
    expect(problem("Sita Gurung\nRam")).toBe(CHILD_NAMES_MESSAGES.oneWord);
    expect(problem(`Sita ${"x".repeat(100)}`)).toBe(CHILD_NAMES_MESSAGES.tooLong);
    expect(problem(Array.from({ length: CHILD_NAMES_MAX + 1 }, (_, index) => `Child ${index}`).join("\n"))).toBe(
      CHILD_NAMES_MESSAGES.tooMany,
    );
    // Repeats are left out before counting, as the CMS stores the list.
    expect(problem(Array.from({ length: CHILD_NAMES_MAX + 1 }, () => "Sita Gurung").join("\n"))).toBeNull();
  });

  it("shows a stored list one name per line", () => {
    expect(childNamesText(["Sita Gurung", "Ram Thapa"])).toBe("Sita Gurung\nRam Thapa");
  });
});

describe("the list's messages in Nepali", () => {
  const ne = adminTranslator("ne");

  it("translates every message the CMS may answer", () => {
    expect(ne.contract(CHILD_NAMES_MESSAGES.notList)).toBe("नामहरू पाठका हरफको सूचीका रूपमा पठाउनुहोस्।");
    expect(ne.contract(CHILD_NAMES_MESSAGES.tooMany)).toBe("बढीमा १००० नाम राख्न सकिन्छ।");
    expect(ne.contract(CHILD_NAMES_MESSAGES.tooLong)).toBe("हरेक नाम बढीमा १०० अक्षरको हुनुपर्छ।");
    expect(ne.contract(CHILD_NAMES_MESSAGES.oneWord)).toMatch(/^हरेक पूरा नाम/);
  });

  it("names the names found in the warning", () => {
    expect(adminTranslator("en")("childNames.warningMany", { names: adminTranslator("en").list(["Sita Gurung", "Ram Thapa"]) })).toBe(
      "This text names children in full: Sita Gurung and Ram Thapa. Use first names only, or no names.",
    );
    expect(ne("childNames.warningOne", { names: "सीता गुरुङ" })).toContain("सीता गुरुङ");
  });
});
