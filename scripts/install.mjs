#!/usr/bin/env node
// Installs cms/ and web/ as separate npm projects (see docs/decisions/001-separate-installs.md).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { cmsDir, webDir } from "./lib/paths.mjs";

if (process.env.SKIP_SUBPROJECT_INSTALL === "true") process.exit(0);

for (const dir of [cmsDir, webDir]) {
  if (!existsSync(path.join(dir, "package.json"))) continue;
  // `npm install`, not `npm ci`, also in CI: it follows the lockfile all the same, while `npm ci`
  // refuses lockfiles that npm 11 wrote without other platforms' optional packages (@swc, @rollup).
  const args = ["install", "--no-audit", "--no-fund"];
  console.log(`[install] npm install in ${path.basename(dir)}/ ...`);
  const result = spawnSync("npm", args, {
    cwd: dir,
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", STRAPI_TELEMETRY_DISABLED: "true" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
