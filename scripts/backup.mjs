#!/usr/bin/env node
// `npm run backup [-- path/base-name]`: Strapi export of all content and media to a .tar.gz
// (encrypted with BACKUP_KEY when set). Run it with the same database env as the CMS.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { cmsEnv, ensureCmsBuilt } from './lib/cms.mjs';
import { cmsDir, repoRoot } from './lib/paths.mjs';

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const base = path.resolve(process.argv[2] ?? path.join(repoRoot, 'backups', `site-${stamp}`));
mkdirSync(path.dirname(base), { recursive: true });
ensureCmsBuilt();

const key = process.env.BACKUP_KEY;
const args = ['export', '--file', base, ...(key ? ['--key', key] : ['--no-encrypt'])];
const result = spawnSync(process.execPath, [path.join(cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), ...args], {
  cwd: cmsDir,
  stdio: 'inherit',
  env: cmsEnv({ NODE_ENV: process.env.NODE_ENV || 'development' }),
});
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`[backup] written ${base}.tar.gz${key ? '.enc' : ''}`);
