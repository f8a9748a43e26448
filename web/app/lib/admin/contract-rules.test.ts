import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The admin forms apply the CMS's own rules: contract-rules.ts is a copy of the CMS's file.
describe("contract-rules.ts", () => {
  it("is the CMS's rules file as it stands (run `npm run rules` after changing it)", () => {
    const read = (relative: string) => readFileSync(fileURLToPath(new URL(relative, import.meta.url)), "utf8");
    const source = read("../../../../cms/src/contract/rules.ts");
    const copy = read("./contract-rules.ts");
    expect(copy.slice(copy.indexOf("\n") + 1)).toBe(source);
  });
});
