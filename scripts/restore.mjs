#!/usr/bin/env node
// `npm run restore -- backups/site-<time>.tar.gz[.enc]`: gives back the site the backup was made
// of, into the configured database (empty, or replacing everything in it) and uploads folder: same
// rows and ids, same sequences, same files. Stop the CMS first. BACKUP_KEY decrypts .enc files.
// The backup is unpacked and checked completely before anything is changed.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { cmsEnv, cmsModule, uploadStore, uploadsDir, withCms } from "./lib/cms.mjs";

const file = process.argv[2] && path.resolve(process.argv[2]);
if (!file || !existsSync(file) || process.argv.length > 3) {
  console.error("Usage: npm run restore -- <backup file .tar.gz or .tar.gz.enc>");
  process.exit(2);
}

const env = cmsEnv({});
const port = env.CMS_PORT || "1337";
const running = await fetch(`http://127.0.0.1:${port}/_health`, { signal: AbortSignal.timeout(1000) }).then(
  () => true,
  () => false,
);
if (running) {
  console.error(`[restore] a CMS answers on port ${port}: stop it first (a restore replaces its database under it).`);
  process.exit(1);
}

const uploads = uploadStore(env);
// Beside the uploads folder, so that restoring a file to it is a rename.
const staging = path.join(path.dirname(uploadsDir(env)), `.restore-${Date.now()}`);
const { openBackup, replaceDatabase, replaceUploads } = cmsModule("backup");
let databaseReplaced = false;
try {
  // Checked completely before anything changes: the key, the format, every table's rows, every upload's checksum.
  const manifest = await openBackup({ file, key: process.env.BACKUP_KEY || undefined, stagingDir: staging });
  const cleaned = await withCms(async (strapi, load) => {
    const client = strapi.config.get("database.connection.client") === "postgres" ? "postgres" : "sqlite";
    await replaceDatabase(strapi.db.connection, client, strapi.db.getSchemaName() ?? "public", staging, manifest);
    databaseReplaced = true;
    await replaceUploads(staging, uploads, manifest);
    // A backup from before metadata was removed on upload holds photos with their GPS position:
    // the restored files are stored without it, like every file that comes in.
    return load("media/stored-files").removeMetadataFromStoredFiles(strapi.db.connection, uploads);
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `[restore] restored ${manifest.tables.length} tables (${rows} rows) and ${manifest.uploads.length} uploads from ${file} (made ${manifest.createdAt}); metadata removed from ${cleaned.cleaned} of them`,
  );
  for (const failure of cleaned.failed) console.error(`[restore] could not check ${failure}`);
} catch (error) {
  console.error(
    databaseReplaced
      ? `[restore] the database was restored, but not all uploads could be put in place (run the restore again): ${error.message}`
      : `[restore] failed, nothing was changed: ${error.message}`,
  );
  process.exitCode = 1;
} finally {
  rmSync(staging, { recursive: true, force: true });
}
