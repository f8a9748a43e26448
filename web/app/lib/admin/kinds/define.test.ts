import { adminTranslator } from "../messages";
import { CONTRACT_RULES } from "@contract/rules";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf, formSchema, nepaliSchema } from "../schemas";
import { blog } from "./blog";
import { defineKind } from "./define";
import { localizedFields } from "./index";

describe("a field added to a kind in its rules and its definition", () => {
  // As a maintainer adds it: the rule (shared with the CMS), then the form field in the kind.
  const rules = {
    ...CONTRACT_RULES.blog,
    text: { ...CONTRACT_RULES.blog.text, summary: { label: "Summary", maxLength: 300, localized: true } },
  };
  const withSummary = defineKind(
    {
      ...blog,
      fields: [...blog.fields, { name: "summary", label: { en: "Summary", ne: "सारांश" }, type: "textarea" }],
    },
    rules,
  );

  it("is part of the admin form, under its rule", () => {
    expect(withSummary.textFields).toContain("summary");
    expect(withSummary.fields.find((field) => field.name === "summary")?.maxLength).toBe(300);
    const result = formSchema(withSummary, { mode: "create" }).safeParse({
      title: "t",
      content: "c",
      author: "a@example.org",
      summary: "x".repeat(301),
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!, adminTranslator("en"))).toEqual({ summary: ["Summary must be at most 300 characters."] });
  });

  it("is on the Nepali tab when its rule says it is translated, and not named as shared", () => {
    expect(localizedFields(withSummary).map((field) => field.name)).toEqual(["title", "content", "media_alt", "summary"]);
    expect(withSummary.shared.map((field) => field.name)).not.toContain("summary");
    expect(nepaliSchema(withSummary).safeParse({ title: "शीर्षक", content: "लेख", summary: "छोटो" }).success).toBe(true);
  });
});
