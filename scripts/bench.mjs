#!/usr/bin/env node
// `npm run bench`: throughput and latency of the site on this machine, all in one run so the
// ratios are fair. Starts its own CMS (throwaway seeded database), three web servers (caches on,
// CMS reads only, off) and a plain static file server with the home page's HTML (the ceiling),
// then drives each target with autocannon over loopback: 32 connections, a short warm-up, then
// BENCH_SECONDS (10) of measurement. Then the blog renderer on pathological Markdown up to the
// content's maximum length (scripts/lib/bench-markdown.mjs). Prints Markdown tables; `--docs` also
// writes them into docs/performance.md; `--markdown` runs only the renderer's part.
// Env: BENCH_SECONDS, BENCH_CONNECTIONS (32), BENCH_PORT_BASE (4100).
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import {
  ensureBenchBuilds,
  freshScratch,
  machineDescription,
  readyAfter,
  startCms,
  startWeb,
  stopAll,
  writeDocsBlock,
} from "./lib/bench-stack.mjs";
import { benchMarkdown } from "./lib/bench-markdown.mjs";
import { repoRoot, webDir } from "./lib/paths.mjs";

const autocannon = createRequire(path.join(webDir, "package.json"))("autocannon");

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const base = Number(process.env.BENCH_PORT_BASE ?? 4100);
const ports = { cms: base, webOn: base + 1, webReads: base + 2, webOff: base + 3, static: base + 4, cmsRaw: base + 5, webRaw: base + 6 };
// What a browser sends: the servers answer with brotli where they can.
/** Web caches off in front of the CMS with its read cache off: every request worked out in full. */
const NOTHING_CACHED = "web caches off, CMS read cache off";
const BROWSER = { "accept-encoding": "br, gzip", accept: "text/html,application/xhtml+xml" };

// Bounded: every run stops after `seconds` (autocannon: duration).
async function measure(url, { method = "GET", headers = {}, body } = {}) {
  const options = { url, method, headers: { ...BROWSER, ...headers }, body, connections, pipelining: 1, timeout: 10 };
  await autocannon({ ...options, duration: 2 }); // warm-up (JIT, caches, keep-alive)
  const r = await autocannon({ ...options, duration: seconds });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    kbPerReq: r.requests.total ? r.throughput.total / r.requests.total / 1024 : 0,
  };
}

const children = [];
const stop = async () => stopAll(children);
process.on("SIGINT", () => void stop().then(() => process.exit(130)));

/** The renderer on pathological Markdown; its block of docs/performance.md with --docs. */
function markdownPart() {
  const report = benchMarkdown();
  console.log(`\n${report}\n`);
  if (process.argv.includes("--docs")) {
    writeDocsBlock("bench-markdown", report);
    console.log(`[bench] Markdown figures written to docs/performance.md`);
  }
}

if (process.argv.includes("--markdown")) {
  markdownPart();
  process.exit(0);
}

try {
  console.log("[bench] building what is missing...");
  const buildDir = ensureBenchBuilds();

  const machine = machineDescription();
  console.log("[bench] starting a CMS on a fresh, seeded database...");
  const cms = await startCms({ port: ports.cms, dir: freshScratch("bench") });
  children.push(cms.child);
  // The same content in a CMS that works out every read itself: the cost behind the read cache.
  const cmsRaw = await startCms({ port: ports.cmsRaw, dir: freshScratch("bench-raw"), env: { CMS_READ_CACHE: "off" } });
  children.push(cmsRaw.child);
  const webs = {};
  for (const [key, mode] of [
    ["webOn", "on"],
    ["webReads", "reads"],
    ["webOff", "off"],
  ]) {
    webs[mode] = await startWeb({ port: ports[key], cmsUrl: cms.url, buildDir, env: { WEB_CACHE: mode } });
    children.push(webs[mode].child);
  }
  webs.raw = await startWeb({ port: ports.webRaw, cmsUrl: cmsRaw.url, buildDir, env: { WEB_CACHE: "off" } });
  children.push(webs.raw.child);

  // A blog post that exists, and the home page as the static server's file.
  const blogs = await (await fetch(`${cms.url}/api/blog`)).json();
  const blogId = blogs.results[0].id;
  const staticDir = path.join(repoRoot, ".test-tmp", "bench", "static");
  mkdirSync(staticDir, { recursive: true });
  const html = Buffer.from(await (await fetch(`${webs.on.url}/`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
  writeFileSync(path.join(staticDir, "index.html"), html);
  writeFileSync(path.join(staticDir, "index.html.gz"), gzipSync(html, { level: 9 }));
  writeFileSync(path.join(staticDir, "index.html.br"), brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
  const staticServer = spawn(
    process.execPath,
    [path.join(repoRoot, "scripts/lib/bench-static-server.mjs"), staticDir, String(ports.static)],
    { stdio: "ignore" },
  );
  children.push(staticServer);
  await readyAfter(`http://127.0.0.1:${ports.static}/`, performance.now(), { child: staticServer });

  const BLOGS_PAGE_QUERY = JSON.stringify({
    query: `query BlogsPage($limit: Int!) { blogs(sort: "createdAt:desc", pagination: { limit: $limit }) { numericId title author content createdAt media { url alternativeText width height formats mime } } }`,
    variables: { limit: 100 },
  });
  const pages = ["/", "/blogs", `/blogs/details/${blogId}`, "/gallery"];
  const targets = [
    ...pages.map((p) => ({ name: `web ${p}`, mode: "caches warm", url: `${webs.on.url}${p}` })),
    ...pages.map((p) => ({ name: `web ${p}`, mode: "CMS reads cached, pages rendered", url: `${webs.reads.url}${p}` })),
    ...pages.map((p) => ({ name: `web ${p}`, mode: "web caches off", url: `${webs.off.url}${p}` })),
    ...pages.map((p) => ({ name: `web ${p}`, mode: NOTHING_CACHED, url: `${webs.raw.url}${p}` })),
    { name: "static file: the home page HTML", mode: "ceiling", url: `http://127.0.0.1:${ports.static}/` },
    ...[
      [cms, "read cache"],
      [cmsRaw, "no cache"],
    ].flatMap(([server, mode]) => [
      { name: "CMS GET /api/blog (contract)", mode, url: `${server.url}/api/blog`, headers: { accept: "application/json" } },
      {
        name: "CMS GET /api/blogs (Strapi, same rows)",
        mode,
        url: `${server.url}/api/blogs?populate=media&sort=createdAt:desc&pagination[pageSize]=100`,
        headers: { accept: "application/json" },
      },
      {
        name: "CMS POST /graphql (blogs page query)",
        mode,
        url: `${server.url}/graphql`,
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: BLOGS_PAGE_QUERY,
      },
    ]),
  ];

  const rows = [];
  for (const target of targets) {
    process.stdout.write(`[bench] ${target.name} (${target.mode})... `);
    const result = await measure(target.url, target);
    console.log(`${Math.round(result.rps)} req/s, p99 ${result.p99} ms`);
    rows.push({ ...target, ...result });
  }
  await stop();

  const contract = rows.find((r) => r.name.includes("/api/blog (contract)") && r.mode === "no cache");
  const strapi = rows.find((r) => r.name.includes("/api/blogs (Strapi") && r.mode === "no cache");
  const ceiling = rows.find((r) => r.mode === "ceiling");
  const ofCeiling = (rps) => (100 * rps) / ceiling.rps;
  const percent = (value) => `${value < 1 ? value.toFixed(2) : value.toFixed(1)} %`;
  const table = [
    `| target | mode | req/s | of the ceiling | p50 ms | p99 ms | KB/response | errors |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.mode} | ${Math.round(r.rps)} | ${r.name.startsWith("web ") || r.mode === "ceiling" ? percent(ofCeiling(r.rps)) : ""} | ${r.p50} | ${r.p99} | ${r.kbPerReq.toFixed(1)} | ${r.errors} |`,
    ),
  ].join("\n");
  const warm = rows.filter((r) => r.mode === "caches warm");
  // The load targets, as shares of the static ceiling measured in the same run.
  const share = (mode, target, { noErrors = false } = {}) => {
    const group = rows.filter((r) => r.mode === mode);
    const low = Math.min(...group.map((r) => ofCeiling(r.rps)));
    const high = Math.max(...group.map((r) => ofCeiling(r.rps)));
    const errors = group.reduce((sum, r) => sum + r.errors, 0);
    const met = low >= target && (!noErrors || errors === 0);
    return `- Pages, ${mode}: ${percent(low)}-${percent(high)} of the ceiling${noErrors ? `, ${errors} errors` : ""} (target >= ${target} %${noErrors ? ", 0 errors" : ""}): ${met ? "met" : "not met"}.`;
  };
  const summary = [
    `- Warm-cache pages: ${Math.round(Math.min(...warm.map((r) => r.rps)))}-${Math.round(Math.max(...warm.map((r) => r.rps)))} req/s, p99 at most ${Math.max(...warm.map((r) => r.p99))} ms (target >= 1000 req/s, p99 < 100 ms); the static ceiling ${Math.round(ceiling.rps)} req/s.`,
    share("caches warm", 50),
    share("CMS reads cached, pages rendered", 2),
    share("web caches off", 1, { noErrors: true }),
    `${share(NOTHING_CACHED, 1, { noErrors: true }).replace(/: (met|not met)\.$/, "")}: for comparison, the work behind the caches.`,
    `- /api/blog (contract) / /api/blogs (Strapi): ${(contract.rps / strapi.rps).toFixed(2)} (target >= 0.80).`,
  ].join("\n");
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench\`: ${connections} connections, ${seconds} s per target after a 2 s warm-up, autocannon in one process on the same machine, \`Accept-Encoding: br, gzip\`.`,
    "",
    `Machine: ${machine.cpu}, ${machine.memory}, ${machine.os}, Node ${machine.node}; load average at start ${machine.loadAverage}. Boot to ready: CMS ${(cms.bootMs / 1000).toFixed(1)} s (first boot, seeding an empty database), web ${Math.round(webs.on.bootMs)} ms.`,
    "",
    table,
    "",
    summary,
  ].join("\n");
  console.log(`\n${report}\n`);
  writeFileSync(path.join(repoRoot, ".test-tmp", "bench", "results.json"), JSON.stringify({ machine, rows }, null, 2));

  if (process.argv.includes("--docs")) {
    writeDocsBlock("bench", report);
    console.log(`[bench] figures written to docs/performance.md`);
  }
  markdownPart();
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
