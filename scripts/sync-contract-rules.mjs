#!/usr/bin/env node
// `npm run rules`: copies the contract's form rules (cms/src/contract/rules.ts, plain data) to the
// web app, which applies the same rules in its forms. web/app/lib/admin/contract-rules.test.ts
// fails while the copy differs from the source.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cmsDir, webDir } from './lib/paths.mjs';

const RULES_SOURCE = path.join(cmsDir, 'src/contract/rules.ts');
const RULES_COPY = path.join(webDir, 'app/lib/admin/contract-rules.ts');
const COPY_HEADER = '// A copy of cms/src/contract/rules.ts made by `npm run rules`: edit that file, not this one.\n';

const copy = COPY_HEADER + readFileSync(RULES_SOURCE, 'utf8');
writeFileSync(RULES_COPY, copy);
console.log(`[rules] ${path.relative(process.cwd(), RULES_COPY)} written`);
