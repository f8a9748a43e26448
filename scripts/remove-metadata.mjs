#!/usr/bin/env node
// `npm run media:remove-metadata`: removes the metadata (GPS position, camera serial, owner, dates)
// of every photo and video already stored, as the CMS does once at its first boot after the
// upgrade and for every file that comes in. Safe to run again: clean files are left as they are.
// Uses the same database and uploads folder or bucket as `npm start`; the CMS may be running.
import { cmsEnv, uploadStore, withCms } from "./lib/cms.mjs";

const uploads = uploadStore(cmsEnv({}));
const report = await withCms((strapi, load) => load("media/stored-files").removeMetadataFromStoredFiles(strapi.db.connection, uploads));
console.log(`[media] removed metadata from ${report.cleaned} of ${report.checked} stored file(s) in ${uploads.folder ?? "the bucket"}`);
for (const failure of report.failed) console.error(`[media] could not check ${failure}`);
process.exit(report.failed.length > 0 ? 1 : 0);
