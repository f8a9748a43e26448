import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The admin forms apply the CMS's own rules: these files are copies of the CMS's.
const COPIES = [
  ["rules.ts", "contract-rules.ts"],
  ["account-rules.ts", "account-rules.ts"],
  ["common-passwords.ts", "common-passwords.ts"],
] as const;

describe("copies of the CMS's rules", () => {
  for (const [source, copy] of COPIES) {
    it(`${copy} is cms/src/contract/${source} as it stands (run \`npm run rules\` after changing it)`, () => {
      const read = (relative: string) => readFileSync(fileURLToPath(new URL(relative, import.meta.url)), "utf8");
      const original = read(`../../../../cms/src/contract/${source}`);
      const copied = read(`./${copy}`);
      expect(copied.slice(copied.indexOf("\n") + 1)).toBe(original);
    });
  }
});
