// Throwaway CMS + web processes for the benchmarks (scripts/bench*.mjs): their own ports, a
// scratch database and upload folder under .test-tmp/, timed from spawn to first good answer.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cmsSecrets } from "./cms-env.mjs";
import { buildIfStale } from "./build-cache.mjs";
import { ensureCmsBuilt, spawnCms } from "./cms.mjs";
import { repoRoot, webDir } from "./paths.mjs";

export const scratchDir = (name) => path.join(repoRoot, ".test-tmp", name);

/** A module of web's dependencies (playwright-core, sharp), which the benchmarks drive. */
export const importFromWeb = async (name) => import(pathToFileURL(createRequire(path.join(webDir, "package.json")).resolve(name)).href);

/**
 * Debian's Chromium (CHROMIUM_PATH) with this machine's flags (no sandbox, GPU, background
 * networking, component updates or sync), and in it a 360 px phone: the staff's usual screen.
 */
export async function launchPhone() {
  // playwright-core is CommonJS: its exports arrive on the default export.
  const playwright = await importFromWeb("playwright-core");
  const { chromium } = playwright.default ?? playwright;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  return { browser, context };
}

/** Signs the benchmark's staff account in through the admin's login form at `webUrl`; resolves on the dashboard. */
export async function signInAsBenchStaff(page, webUrl) {
  await page.goto(`${webUrl}/login`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Email").fill(benchStaff.email);
  await page.getByLabel("Password", { exact: true }).fill(benchStaff.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${webUrl}/dashboard`);
}

/**
 * Builds what the benchmarks run, if stale: the CMS, and web into its own folder, so a
 * developer's build/ (and a running `npm start`) stay untouched. Returns web's build folder.
 */
export function ensureBenchBuilds() {
  ensureCmsBuilt();
  const buildDir = ".test-tmp/bench-build";
  buildIfStale({
    name: "web (bench)",
    root: webDir,
    inputs: [
      "app",
      "public",
      "server",
      "server.js",
      "package.json",
      "vite.config.ts",
      "vite-plugins.ts",
      "react-router.config.ts",
      "tsconfig.json",
    ],
    stampFile: path.join(webDir, buildDir, ".build-hash"),
    command: "npx",
    args: ["react-router", "build"],
    env: { WEB_BUILD_DIR: buildDir, NODE_ENV: "production" },
  });
  return buildDir;
}

/** Replaces the `<!-- {block}:start -->` ... `<!-- {block}:end -->` part of docs/{doc} (performance.md) with `report`. */
export function writeDocsBlock(block, report, doc = "performance.md") {
  const file = path.join(repoRoot, "docs", doc);
  const text = readFileSync(file, "utf8");
  const start = `<!-- ${block}:start -->`;
  const end = `<!-- ${block}:end -->`;
  if (!text.includes(start) || !text.includes(end)) throw new Error(`${file} has no ${start} ... ${end} block`);
  writeFileSync(file, `${text.slice(0, text.indexOf(start) + start.length)}\n${report}\n${text.slice(text.indexOf(end))}`);
}

/** Fresh scratch folder (database and uploads of a throwaway CMS). */
export function freshScratch(name) {
  const dir = scratchDir(name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "public", "uploads"), { recursive: true });
  return dir;
}

/** Polls `url` until it answers below 500; resolves with the milliseconds since `since`. */
export async function readyAfter(url, since, { timeoutMs = 300_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status < 500) return performance.now() - since;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Staff login of the benchmark CMS (not the demo defaults: the CMS runs with NODE_ENV=production). */
export const benchStaff = {
  email: "bench@example.org",
  // Not containing the e-mail address: the password rules refuse that, also for the first Manager.
  password: `Load-test-2026-${randomBytes(6).toString("hex")}`,
};

/**
 * Starts the built CMS on `port` with the scratch folder `dir` (seeded with the demo content when
 * empty). Resolves with the child and its boot time (spawn to /_health answering).
 */
export async function startCms({ port, dir, env = {}, quiet = true }) {
  const started = performance.now();
  const child = spawnCms(
    {
      NODE_ENV: "production",
      CMS_PORT: String(port),
      CMS_PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_FILENAME: path.join(dir, "data.db"),
      STRAPI_PUBLIC_DIR: path.join(dir, "public"),
      SEED_DEMO_CONTENT: "true",
      ADMIN_EMAIL: benchStaff.email,
      ADMIN_PASSWORD: benchStaff.password,
      // The load generator and every request come from 127.0.0.1: no login limit in the way.
      LOGIN_MAX_FAILURES: "1000",
      ...env,
    },
    { stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit" },
  );
  const bootMs = await readyAfter(`http://127.0.0.1:${port}/_health`, started, { child });
  return { child, bootMs, url: `http://127.0.0.1:${port}` };
}

/** Starts the production build of web (`buildDir` relative to web/) against `cmsUrl`. */
export async function startWeb({ port, cmsUrl, buildDir = "build", env = {}, quiet = true }) {
  const { SESSION_SECRET, WEB_PROXY_SECRET } = cmsSecrets();
  const started = performance.now();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: webDir,
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      CMS_URL: cmsUrl,
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      WEB_BUILD_DIR: buildDir,
      SESSION_SECRET,
      WEB_PROXY_SECRET,
      COOKIE_SECURE: "false",
      IMAGE_CACHE_DIR: path.join(scratchDir("bench-images"), String(port)),
      ...env,
    },
  });
  const bootMs = await readyAfter(`http://127.0.0.1:${port}/_health`, started, { child });
  return { child, bootMs, url: `http://127.0.0.1:${port}` };
}

/** Resident memory of a process now and at its peak (Linux /proc), in bytes. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Stops children we started (by their pid), waiting for them to exit. */
export async function stopAll(children) {
  await Promise.all(
    children
      .filter((child) => child && child.exitCode === null)
      .map(
        (child) =>
          new Promise((resolve) => {
            child.once("exit", resolve);
            child.kill("SIGTERM");
            setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 10_000).unref();
          }),
      ),
  );
}

/** What the figures were measured on. */
export function machineDescription() {
  const cpus = os.cpus();
  let distro = "";
  try {
    distro = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? "";
  } catch {
    // not Linux
  }
  return {
    cpu: `${cpus.length} x ${cpus[0]?.model?.trim() ?? "unknown CPU"}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    os: `${distro || os.type()} (${os.platform()} ${os.release()})`,
    node: process.version,
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" "),
  };
}
