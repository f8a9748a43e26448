#!/usr/bin/env node
// `npm run bench:scale`: years of content. A throwaway CMS (SQLite) is loaded with
// 10,000 blog posts (every other one with a Nepali version), 5,000 gallery images, 1,000 videos
// and 500 team members, then the public pages, the admin lists, the search, the contract list and
// the sitemap are timed with the web's caches on (warm) and off, one client at a time, and the
// resident memory of both processes is read.
//
// The bulk path: the CMS seeds its demo content, then this script copies the demo entries' rows
// straight into its SQLite database in one transaction (better-sqlite3, the CMS's own driver):
// each copy is a new entry (new document id, title and creation time) with the same shared file
// links (files_related_mph rows), and a Nepali row with the same document id where the template
// has one. About a second for 16,500 entries, where the REST contract takes one request (and, for
// a file, one upload) per entry. It only suits a throwaway benchmark database: nothing checks the
// rows the way the contract does.
//
// Prints a Markdown report; `--docs` writes it into docs/performance.md.
// Env: BENCH_PORT_BASE (4400), BENCH_REPEAT (15), BENCH_POSTS (10000), BENCH_IMAGES (5000),
// BENCH_VIDEOS (1000), BENCH_MEMBERS (500).
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  benchStaff,
  ensureBenchBuilds,
  freshScratch,
  machineDescription,
  memoryOf,
  startCms,
  startWeb,
  stopAll,
  writeDocsBlock,
} from "./lib/bench-stack.mjs";
import { cmsDir } from "./lib/paths.mjs";
import { percentile } from "./lib/percentile.mjs";

const base = Number(process.env.BENCH_PORT_BASE ?? 4400);
const repeat = Number(process.env.BENCH_REPEAT ?? 15);
const sizes = {
  posts: Number(process.env.BENCH_POSTS ?? 10_000),
  images: Number(process.env.BENCH_IMAGES ?? 5_000),
  videos: Number(process.env.BENCH_VIDEOS ?? 1_000),
  members: Number(process.env.BENCH_MEMBERS ?? 500),
};
const children = [];

// ── Bulk load ────────────────────────────────────────────────────────────────────────

const documentId = () =>
  randomBytes(18)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .padEnd(24, "0")
    .slice(0, 24);

/** Copies the demo entries of `table` until it holds `count` English entries; see the header. */
function bulkCopy(db, { table, uid, count, retitle }) {
  const templates = db.prepare(`SELECT * FROM ${table} WHERE locale = 'en' ORDER BY id`).all();
  if (templates.length === 0) throw new Error(`${table}: no demo entry to copy`);
  const nepaliOf = db.prepare(`SELECT * FROM ${table} WHERE locale = 'ne' AND document_id = ?`);
  const linksOf = db.prepare(`SELECT * FROM files_related_mph WHERE related_type = ? AND related_id = ?`);
  const insertRow = (row) => {
    const { id: _id, ...columns } = row;
    const names = Object.keys(columns);
    const statement = db.prepare(
      `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
    );
    return Number(statement.run(...names.map((n) => columns[n])).lastInsertRowid);
  };
  const copyLinks = (fromId, toId) => {
    for (const link of linksOf.all(uid, fromId)) {
      const { id: _id, ...columns } = { ...link, related_id: toId };
      const names = Object.keys(columns);
      db.prepare(
        `INSERT INTO files_related_mph (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
      ).run(...names.map((n) => columns[n]));
    }
  };
  const first = templates[0];
  // Older than the demo entries, one minute apart: the demo entries stay the newest.
  const start =
    new Date(typeof first.created_at === "number" ? first.created_at : Date.parse(first.created_at)).getTime() - (count + 1) * 60_000;
  const stamp = (ms) => (typeof first.created_at === "number" ? ms : new Date(ms).toISOString());
  const have = templates.length;
  for (let n = 1; n <= count - have; n++) {
    const template = templates[n % templates.length];
    const when = stamp(start + n * 60_000);
    const doc = documentId();
    const englishId = insertRow({ ...template, ...retitle(template, n, "en"), document_id: doc, created_at: when, updated_at: when });
    copyLinks(template.id, englishId);
    const nepali = nepaliOf.get(template.document_id);
    if (nepali && n % 2 === 0) {
      const nepaliId = insertRow({ ...nepali, ...retitle(nepali, n, "ne"), document_id: doc, created_at: when, updated_at: when });
      copyLinks(nepali.id, nepaliId);
    }
  }
  return count;
}

/** Words that make titles searchable and different (an old post must be findable by its words). */
const WORDS = [
  "Dashain",
  "Tihar",
  "school",
  "garden",
  "library",
  "football",
  "kitchen",
  "health camp",
  "visitors",
  "exams",
  "monsoon",
  "Holi",
];
const word = (n) => WORDS[n % WORDS.length];

function loadContent(dbFile) {
  const require = createRequire(path.join(cmsDir, "package.json"));
  const Database = require("better-sqlite3");
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 10000");
  const started = performance.now();
  db.transaction(() => {
    bulkCopy(db, {
      table: "blogs",
      uid: "api::blog.blog",
      count: sizes.posts,
      retitle: (_row, n, lang) => ({ title: lang === "en" ? `${word(n)} news no. ${n}` : `समाचार नं. ${n}` }),
    });
    bulkCopy(db, {
      table: "image_galleries",
      uid: "api::image-gallery.image-gallery",
      count: sizes.images,
      retitle: (_row, n, lang) => ({ title: lang === "en" ? `Picture ${n}: ${word(n)}` : `तस्बिर ${n}` }),
    });
    bulkCopy(db, {
      table: "video_galleries",
      uid: "api::video-gallery.video-gallery",
      count: sizes.videos,
      retitle: (_row, n, lang) => ({ title: lang === "en" ? `Video ${n}: ${word(n)}` : `भिडियो ${n}` }),
    });
    bulkCopy(db, {
      table: "team_members",
      uid: "api::team-member.team-member",
      count: sizes.members,
      retitle: (_row, n) => ({ name: `Member ${n} ${word(n)}` }),
    });
  })();
  const ms = performance.now() - started;
  const counts = Object.fromEntries(
    ["blogs", "image_galleries", "video_galleries", "team_members"].map((table) => [
      table,
      db.prepare(`SELECT locale, count(*) AS n FROM ${table} GROUP BY locale`).all(),
    ]),
  );
  db.close();
  return { ms, counts };
}

// ── Measuring ────────────────────────────────────────────────────────────────────────

async function login(webUrl) {
  const response = await fetch(`${webUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: webUrl },
    body: new URLSearchParams({ email: benchStaff.email, password: benchStaff.password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`login failed: HTTP ${response.status}`);
  return cookie.split(";")[0];
}

/** `repeat` sequential requests (after one that warms): p50, p95, status and the body's gzip size. */
async function measure(url, headers = {}) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: "manual" });
    const body = Buffer.from(await response.arrayBuffer());
    return { ms: performance.now() - started, status: response.status, bytes: body.length, gzip: gzipSync(body).length };
  };
  const first = await once();
  const times = [];
  let last = first;
  for (let i = 0; i < repeat; i++) {
    last = await once();
    times.push(last.ms);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), status: last.status, bytes: last.bytes, gzip: last.gzip };
}

const ms = (value) => `${value.toFixed(0)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const MiB = 1024 * 1024;

async function main() {
  const buildDir = ensureBenchBuilds();
  const dir = freshScratch("bench-scale");
  const machine = machineDescription();
  // Its read cache off (ADR 013): the same URL asked 15 times would otherwise be timed once.
  const cms = await startCms({ port: base, dir, env: { CMS_READ_CACHE: "off" } });
  children.push(cms.child);
  const load = loadContent(path.join(dir, "data.db"));
  console.log(`[bench:scale] loaded in ${ms(load.ms)}: ${JSON.stringify(load.counts)}`);

  const warm = await startWeb({ port: base + 1, cmsUrl: cms.url, buildDir, env: { WEB_CACHE: "on" } });
  const cold = await startWeb({ port: base + 2, cmsUrl: cms.url, buildDir, env: { WEB_CACHE: "off" } });
  children.push(warm.child, cold.child);

  const contract = await (await fetch(`${cms.url}/api/blog?pageSize=1`)).json();
  const images = await (await fetch(`${cms.url}/api/image-gallery?pageSize=1`)).json();
  const lastBlogPage = Math.ceil(contract.count / 12);
  const lastImagePage = Math.ceil(images.count / 24);
  const oldest = (await (await fetch(`${cms.url}/api/blog?page=${contract.count}&pageSize=1`)).json()).results[0];
  const search = encodeURIComponent(oldest.title.split(" ").slice(-2).join(" "));
  // A word in no entry: the search reads every title and every text, in both languages (the worst case).
  const absent = "yeti-footprint";

  const publicTargets = [
    ["/blogs (page 1)", "/blogs"],
    [`/blogs?page=${lastBlogPage} (last)`, `/blogs?page=${lastBlogPage}`],
    ["/ne/blogs (page 1)", "/ne/blogs"],
    ["a post", `/blogs/details/${oldest.id}`],
    ["/gallery (page 1)", "/gallery"],
    [`/gallery?page=${lastImagePage} (last)`, `/gallery?page=${lastImagePage}`],
    ["/gallery?tab=videos", "/gallery?tab=videos"],
    ["/current-committee", "/current-committee"],
    ["/sitemap.xml", "/sitemap.xml"],
    ["/sitemaps/1.xml (a full sitemap file)", "/sitemaps/1.xml"],
    ["/blogs/rss.xml", "/blogs/rss.xml"],
  ];
  const rows = [];
  for (const [name, pathname] of publicTargets) {
    const on = await measure(`${warm.url}${pathname}`);
    const off = await measure(`${cold.url}${pathname}`);
    rows.push({ name, on, off });
  }
  const cookie = { cookie: await login(cold.url) };
  const adminTargets = [
    ["admin /bloglist (page 1)", "/bloglist"],
    [`admin /bloglist search "${decodeURIComponent(search)}"`, `/bloglist?q=${search}`],
    [`admin /bloglist search "${absent}" (in no title or text)`, `/bloglist?q=${absent}`],
    ["admin /gallery/images (page 1)", "/gallery/images"],
  ];
  for (const [name, pathname] of adminTargets) rows.push({ name, off: await measure(`${cold.url}${pathname}`, cookie) });
  const cmsTargets = [
    ["contract GET /api/blog?pageSize=25", "/api/blog?pageSize=25"],
    [`contract GET /api/blog?q=${decodeURIComponent(search)}`, `/api/blog?q=${search}&pageSize=25`],
    ["contract GET /api/blog?q=समाचार (Nepali)", `/api/blog?q=${encodeURIComponent("समाचार नं. 2")}&pageSize=25`],
    [`contract GET /api/blog?q=${absent} (in no title or text)`, `/api/blog?q=${absent}&pageSize=25`],
    [`contract GET /api/team-member?q=${absent} (no name, role or bio)`, `/api/team-member?q=${absent}&pageSize=25`],
    ["CMS GET /api/sitemap-entries", "/api/sitemap-entries"],
  ];
  for (const [name, pathname] of cmsTargets) rows.push({ name, off: await measure(`${cms.url}${pathname}`) });

  const memory = { cms: memoryOf(cms.child.pid), warm: memoryOf(warm.child.pid), cold: memoryOf(cold.child.pid) };
  await stopAll(children);

  const table = [
    "| what | status | p50 caches on | p50 caches off | p95 caches off | HTML / body | gzip |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      ({ name, on, off }) =>
        `| ${name} | ${off.status} | ${on ? ms(on.p50) : "–"} | ${ms(off.p50)} | ${ms(off.p95)} | ${kb(off.bytes)} | ${kb(off.gzip)} |`,
    ),
  ];
  const report = [
    `Machine: ${machine.cpu}, ${machine.memory}, ${machine.os}, Node ${machine.node}; load average at start ${machine.loadAverage}.`,
    `Content: ${contract.count} posts (${load.counts.blogs.map((r) => `${r.n} ${r.locale}`).join(", ")} rows), ${images.count} images, ` +
      `${sizes.videos} videos, ${sizes.members} team members, bulk-loaded in ${ms(load.ms)}. ${repeat} sequential requests per line after one warm-up; ` +
      '"caches off" is a second web server with WEB_CACHE=off (every request renders and asks the CMS); the CMS runs with its read cache off (CMS_READ_CACHE=off), and admin and CMS lines are never cached.',
    "",
    ...table,
    "",
    `Memory (resident, peak during the run): CMS ${(memory.cms.peak / MiB).toFixed(0)} MiB, web (caches on) ${(memory.warm.peak / MiB).toFixed(0)} MiB, ` +
      `web (caches off) ${(memory.cold.peak / MiB).toFixed(0)} MiB.`,
  ].join("\n");
  console.log(report);
  if (process.argv.includes("--docs")) writeDocsBlock("scale", report);
}

main().catch(async (error) => {
  console.error(error);
  await stopAll(children);
  process.exit(1);
});
