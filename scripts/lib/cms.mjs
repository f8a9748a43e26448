import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { buildIfStale } from "./build-cache.mjs";
import { cmsSecrets, quietStrapiEnv } from "./cms-env.mjs";
import { cmsDir } from "./paths.mjs";

const strapiBin = path.join(cmsDir, "node_modules", "@strapi", "strapi", "bin", "strapi.js");

export function ensureCmsBuilt() {
  if (!existsSync(strapiBin)) throw new Error("cms/ is not installed: run `npm install` at the repository root first.");
  return buildIfStale({
    name: "CMS",
    root: cmsDir,
    inputs: ["src", "config", "package.json", "tsconfig.json"],
    stampFile: path.join(cmsDir, "dist", ".build-hash"),
    command: process.execPath,
    args: [strapiBin, "build", "--minify"],
    env: { ...quietStrapiEnv, ...cmsSecrets(), NODE_ENV: "production" },
  });
}

/** The environment a CMS process runs with: secrets, quiet flags, then the caller's overrides. */
export function cmsEnv(overrides = {}) {
  // glibc gives each of libvips's threads its own heap and keeps what image processing freed:
  // two arenas keep the CMS's memory after a large picture near what the picture needed (sharp's advice).
  return { MALLOC_ARENA_MAX: "2", ...process.env, ...quietStrapiEnv, ...cmsSecrets(), ...overrides };
}

/** The SQLite file of this environment (null on PostgreSQL). */
export function sqliteFile(env) {
  if (env.DATABASE_CLIENT && env.DATABASE_CLIENT !== "sqlite") return null;
  return path.resolve(cmsDir, env.DATABASE_FILENAME || ".tmp/data.db");
}

/** The folder uploads are stored in (`uploads/` inside STRAPI_PUBLIC_DIR). */
export const uploadsDir = (env) => path.join(path.resolve(cmsDir, env.STRAPI_PUBLIC_DIR || "public"), "uploads");

/** Where the CMS of this environment stores uploads: its uploads folder, or its bucket (UPLOAD_PROVIDER=s3). */
export const uploadStore = (env) => cmsModule("media/upload-store").uploadStoreFromEnv(env, uploadsDir(env));

/** Creates the folders the CMS writes to: the SQLite file's and the uploads folder. */
function prepareFolders(env) {
  const file = sqliteFile(env);
  if (file) mkdirSync(path.dirname(file), { recursive: true });
  mkdirSync(uploadsDir(env), { recursive: true });
}

/** Starts the built CMS (`strapi start`) as a child process. */
export function spawnCms(overrides = {}, options = {}) {
  const env = cmsEnv(overrides);
  prepareFolders(env);
  return spawn(process.execPath, [strapiBin, "start"], { cwd: cmsDir, env, stdio: options.stdio ?? "inherit" });
}

/**
 * Where a task tells the web app that content changed, so its caches drop the old pages at once:
 * WEB_REVALIDATE_URL when set, else the local web app (`npm start`'s) when one answers on PORT.
 */
export async function webRevalidateUrl() {
  if (process.env.WEB_REVALIDATE_URL) return process.env.WEB_REVALIDATE_URL;
  const web = `http://127.0.0.1:${process.env.PORT || "3000"}`;
  const up = await fetch(`${web}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
    (response) => response.ok,
    () => false,
  );
  return up ? `${web}/_internal/revalidate` : "";
}

/** A compiled module of cms/src (`cmsModule('backup')`), for work that needs no running CMS. */
export function cmsModule(name) {
  ensureCmsBuilt();
  return createRequire(path.join(cmsDir, "package.json"))(path.join(cmsDir, "dist", "src", name));
}

/**
 * Loads the built CMS inside this process, without its HTTP server, runs `task(strapi, load)` against
 * its database and uploads, and shuts it down (as Strapi's own export and import commands do).
 * `load(module)` requires a compiled module of cms/src (`load('content-folder')`).
 * Demo content is not seeded by a task unless `seed` is set.
 */
export async function withCms(task, { seed = false, env: overrides = {} } = {}) {
  ensureCmsBuilt();
  const env = cmsEnv({ NODE_ENV: process.env.NODE_ENV || "development", ...(seed ? {} : { SEED_DEMO_CONTENT: "false" }), ...overrides });
  prepareFolders(env);
  Object.assign(process.env, env);
  const require = createRequire(path.join(cmsDir, "package.json"));
  const { createStrapi } = require("@strapi/strapi");
  const app = createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, "dist") });
  app.log.level = process.env.STRAPI_LOG_LEVEL || "warn";
  await app.load();
  const load = (module) => require(path.join(cmsDir, "dist", "src", module));
  try {
    return await task(app, load);
  } finally {
    await drainQueries(app);
    // The web app is told about the task's changes before the process ends.
    await load("content-change-notifier").settleContentChangeNotifications();
    await app.destroy();
  }
}

/**
 * Strapi finishes some work after a write has returned (event listeners that query the database).
 * Shutting down while those queries wait for a connection aborts them, so wait (up to 10 s) until
 * the connection pool is idle.
 */
async function drainQueries(app) {
  const pool = app.db?.connection?.client?.pool;
  if (!pool) return;
  const busy = () => pool.numUsed() + pool.numPendingAcquires() + pool.numPendingCreates();
  for (let waited = 0; waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (busy() === 0) return;
  }
}

export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
