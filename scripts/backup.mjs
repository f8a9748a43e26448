#!/usr/bin/env node
// `npm run backup [-- path/base-name] [-- --keep N]`: the whole site (every table of the database
// as stored, ids and sequences included, and the uploads it refers to) in one file,
// backups/site-<time>.tar.gz, encrypted to .tar.gz.enc when BACKUP_KEY is set. Consistent while
// the CMS runs. --keep N then deletes all but the newest N site-*.tar.gz[.enc] in that folder.
// Run it with the same database environment as the CMS (format: cms/src/backup/index.ts).
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { cmsEnv, cmsModule, uploadStore } from "./lib/cms.mjs";
import { repoRoot } from "./lib/paths.mjs";

const args = process.argv.slice(2);
const keepAt = args.indexOf("--keep");
const keep = keepAt >= 0 ? Number(args[keepAt + 1]) : null;
const positional = args.filter((arg, index) => !arg.startsWith("--") && (keepAt < 0 || index !== keepAt + 1));
if ((keepAt >= 0 && !(Number.isInteger(keep) && keep > 0)) || positional.length > 1) {
  console.error("Usage: npm run backup [-- path/base-name] [-- --keep N]");
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const base = path.resolve(positional[0] ?? path.join(repoRoot, "backups", `site-${stamp}`));

Object.assign(process.env, cmsEnv({ NODE_ENV: process.env.NODE_ENV || "development" }));
const { createBackup } = cmsModule("backup");

try {
  const { file, manifest } = await createBackup({
    file: `${base}.tar.gz`,
    key: process.env.BACKUP_KEY || undefined,
    store: uploadStore(process.env),
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.uploads.reduce((sum, upload) => sum + upload.size, 0);
  console.log(
    `[backup] ${manifest.tables.length} tables (${rows} rows) and ${manifest.uploads.length} uploads (${(bytes / 1048576).toFixed(1)} MB) written to ${file}`,
  );
  for (const name of manifest.missingUploads) console.warn(`[backup] warning: the database refers to uploads/${name}, which is not stored`);
  if (keep) {
    const folder = path.dirname(file);
    const backups = readdirSync(folder)
      .filter((name) => /^site-.+\.tar\.gz(\.enc)?$/.test(name))
      .map((name) => ({ name, time: statSync(path.join(folder, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time || b.name.localeCompare(a.name));
    for (const { name } of backups.slice(keep)) {
      rmSync(path.join(folder, name));
      console.log(`[backup] removed the older ${name}`);
    }
  }
} catch (error) {
  console.error(`[backup] failed: ${error.message}`);
  process.exit(1);
}
