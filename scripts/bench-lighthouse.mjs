#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 12 (the last major that runs on Node 20) in Debian's Chromium,
// mobile profile (Lighthouse's default: Moto G Power screen, 4x CPU slowdown, slow 4G simulated),
// on the public pages of a throwaway stack (own CMS on a fresh seeded database, web production
// build with its caches on). Prints the four scores per page; `--docs` writes them into
// docs/performance.md. Env: CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_PORT_BASE (4200),
// LIGHTHOUSE_URL (skip the stack and test an already running site at that address).
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBenchBuilds, freshScratch, machineDescription, startCms, startWeb, stopAll, writeDocsBlock } from "./lib/bench-stack.mjs";
import { repoRoot, webDir } from "./lib/paths.mjs";

const requireWeb = createRequire(path.join(webDir, "package.json"));
const { default: lighthouse } = await import(pathToFileURL(requireWeb.resolve("lighthouse")).href);
const chromeLauncher = await import(pathToFileURL(requireWeb.resolve("chrome-launcher")).href);

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const chromiumVersion = () => {
  try {
    return execFileSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "Chromium";
  }
};
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const TARGET = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };

const children = [];
let chrome;
try {
  let site = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, "");
  if (!site) {
    const buildDir = ensureBenchBuilds();
    const base = Number(process.env.LIGHTHOUSE_PORT_BASE ?? 4200);
    console.log("[lighthouse] starting a CMS on a fresh, seeded database and the web app...");
    const cms = await startCms({ port: base, dir: freshScratch("lighthouse") });
    children.push(cms.child);
    const web = await startWeb({ port: base + 1, cmsUrl: cms.url, buildDir });
    children.push(web.child);
    site = web.url;
  }
  const blogs = await (await fetch(`${site}/blogs`)).text();
  const blogPath = /href="(\/blogs\/details\/\d+)"/.exec(blogs)?.[1] ?? "/blogs/details/1";
  // The main pages, then the Nepali ones (they add the 121 KB Devanagari font).
  const pages = [
    "/",
    "/blogs",
    blogPath,
    "/gallery",
    "/current-committee",
    "/donate",
    "/ne",
    "/ne/blogs",
    `/ne${blogPath}`,
    "/ne/gallery",
    "/ne/donate",
  ];

  const reportsDir = path.join(repoRoot, ".test-tmp", "lighthouse");
  mkdirSync(reportsDir, { recursive: true });
  const rows = [];
  for (const page of pages) {
    // Warm the server's caches first: the figures are about the page, not the first CMS query.
    await fetch(`${site}${page}`);
    // A fresh browser per run, and a second try when the trace comes back unusable (Lighthouse 12
    // with Chromium 156 now and then reports NO_NAVSTART on a reused browser).
    let result;
    for (let attempt = 1; attempt <= 3; attempt++) {
      chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
      try {
        result = await lighthouse(`${site}${page}`, { port: chrome.port, output: "html", logLevel: "error", onlyCategories: CATEGORIES });
      } finally {
        await chrome.kill();
        chrome = undefined;
      }
      if (!result.lhr.runtimeError) break;
      console.log(`[lighthouse] ${page}: ${result.lhr.runtimeError.code}, trying again`);
    }
    const { lhr } = result;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const metric = (id) => lhr.audits[id]?.displayValue ?? "";
    const failing = CATEGORIES.flatMap((c) =>
      scores[c] < TARGET[c]
        ? lhr.categories[c].auditRefs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
            .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`)
        : [],
    );
    rows.push({
      page,
      ...scores,
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      failing,
    });
    const name = page === "/" ? "home" : page.replace(/^\//, "").replace(/\//g, "-");
    writeFileSync(path.join(reportsDir, `${name}.html`), result.report);
    console.log(
      `[lighthouse] ${page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}${failing.length ? `\n    below target: ${failing.join("; ")}` : ""}`,
    );
  }

  const machine = machineDescription();
  const table = [
    "| page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| \`${r.page}\` | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
    ),
  ].join("\n");
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run lighthouse\`: Lighthouse ${requireWeb("lighthouse/package.json").version}, mobile profile (simulated slow 4G, 4x CPU slowdown), ${chromiumVersion()} from Debian, against the production build with its caches on. Machine: ${machine.cpu}, load average ${machine.loadAverage}. Full reports: \`.test-tmp/lighthouse/*.html\`.`,
    "",
    table,
  ].join("\n");
  console.log(`\n${report}\n`);

  if (process.argv.includes("--docs")) {
    writeDocsBlock("lighthouse", report);
    console.log("[lighthouse] scores written to docs/performance.md");
  }
  const below = rows.filter((r) => CATEGORIES.some((c) => r[c] < TARGET[c]));
  process.exitCode = below.length ? 1 : 0;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  await stopAll(children);
}
