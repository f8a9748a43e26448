#!/usr/bin/env node
// Builds the CMS if its sources changed, then runs it in the foreground (a brand-new database gets the demo content).
// Env: CMS_PORT, DATABASE_FILENAME, DATABASE_CLIENT/DATABASE_URL, STRAPI_PUBLIC_DIR, SEED_DEMO_CONTENT.
import { ensureCmsBuilt, spawnCms } from "./lib/cms.mjs";

ensureCmsBuilt();
const child = spawnCms({ NODE_ENV: process.env.NODE_ENV || "development" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
