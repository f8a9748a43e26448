import { describe, expect, it } from "vitest";
import { adminTranslator } from "./messages";
import { fieldErrorsOf } from "./schemas";
import { settingsSchemas, settingsValues } from "./settings";

const english = settingsValues("en", {
  name: "Himalayan Children's Home",
  aboutText: "A home for children.",
  address: "Tansen, Palpa",
  phone: "+977-75-000000",
  email: "info@example.org",
  childrenCount: 27,
  capacity: 30,
});

const problems = (values: Record<string, string>, locale: "en" | "ne" = "en") => {
  const parsed = settingsSchemas[locale].safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error, adminTranslator("en"));
};

describe("site settings forms", () => {
  it("take the stored settings as they are", () => {
    expect(problems(english)).toEqual({});
  });

  it("refuse what the CMS refuses, with the same messages, all at once", () => {
    expect(
      problems({ ...english, phone: "call us", socialUrl: "javascript:alert(1)", childrenCount: "40", email: "x", name: " " }),
    ).toEqual({
      name: ["Name is required"],
      phone: ["Phone may contain only digits, spaces, +, -, ( and )."],
      email: ["Invalid email address"],
      socialUrl: ["Only https:// links are allowed."],
      childrenCount: ["There cannot be more children than places."],
    });
    expect(problems({ ...english, capacity: "thirty" })).toEqual({
      capacity: ["Places at the home must be a whole number from 0 to 1000."],
    });
  });

  it("the Nepali form has only the translated settings", () => {
    const nepali = settingsValues("ne", { name: "हिमालयन बालगृह", aboutText: "परिचय", address: "तानसेन", phone: "+977-1" });
    expect(Object.keys(nepali)).not.toContain("phone");
    expect(problems(nepali, "ne")).toEqual({});
    expect(problems({ ...nepali, address: "" }, "ne")).toEqual({ address: ["Address is required"] });
  });
});
