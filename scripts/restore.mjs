#!/usr/bin/env node
// `npm run restore -- path/to/site-....tar.gz[.enc]`: Strapi import into the configured database.
// It REPLACES the content of that database (stop the CMS first). BACKUP_KEY decrypts .enc files.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cmsEnv, ensureCmsBuilt } from './lib/cms.mjs';
import { cmsDir } from './lib/paths.mjs';

const file = process.argv[2] && path.resolve(process.argv[2]);
if (!file || !existsSync(file)) {
  console.error('Usage: npm run restore -- <backup file .tar.gz or .tar.gz.enc>');
  process.exit(2);
}
ensureCmsBuilt();
const key = process.env.BACKUP_KEY;
const args = ['import', '--file', file, '--force', ...(key ? ['--key', key] : [])];
const result = spawnSync(process.execPath, [path.join(cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), ...args], {
  cwd: cmsDir,
  stdio: 'inherit',
  env: cmsEnv({ NODE_ENV: process.env.NODE_ENV || 'development' }),
});
process.exit(result.status ?? 1);
