#!/usr/bin/env node
// `npm run rules`: copies the contract's form rules (plain data and pure functions in cms/src/contract/)
// to the web app, which applies the same rules in its forms. web/app/lib/admin/contract-rules.test.ts
// fails while a copy differs from its source.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cmsDir, webDir } from "./lib/paths.mjs";

/** Source in cms/src/contract -> copy in web/app/lib/admin. */
const COPIES = [
  ["rules.ts", "contract-rules.ts"],
  ["account-rules.ts", "account-rules.ts"],
  ["common-passwords.ts", "common-passwords.ts"],
];

for (const [source, target] of COPIES) {
  const from = path.join(cmsDir, "src/contract", source);
  const to = path.join(webDir, "app/lib/admin", target);
  const header = `// A copy of cms/src/contract/${source} made by \`npm run rules\`: edit that file, not this one.\n`;
  writeFileSync(to, header + readFileSync(from, "utf8"));
  console.log(`[rules] ${path.relative(process.cwd(), to)} written`);
}
