#!/usr/bin/env node
// `npm run bench:cpu`: CPU time per request of the CMS and of the web server, one request at a
// time, read from /proc (Linux). Unlike throughput, CPU time per request hardly changes when other
// work shares the machine, so figures from a busy machine can be compared with each other.
// Starts its own CMS on a fresh seeded database, with its read cache off (the CMS rows are the
// work of a read, not a copy handed out), and web servers on the production build (pages cached,
// CMS reads cached, nothing cached). `--docs` writes the table into docs/performance.md.
// Env: BENCH_PORT_BASE (4100), BENCH_CPU_REQUESTS (200: requests per target, x20 for cached pages).
import { readFileSync } from "node:fs";
import { ensureBenchBuilds, freshScratch, machineDescription, startCms, startWeb, stopAll, writeDocsBlock } from "./lib/bench-stack.mjs";

const base = Number(process.env.BENCH_PORT_BASE ?? 4100);
const n = Number(process.env.BENCH_CPU_REQUESTS ?? 200);
const BROWSER = { "accept-encoding": "br, gzip", accept: "text/html" };
const FILE = "url alternativeText width height formats mime";

/** CPU milliseconds (user + system) the process has used so far; /proc counts in ticks of 10 ms. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** CPU ms of `pid` per request to `url`, after a warm-up, one request at a time. */
async function perRequest(pid, url, init = {}, count = n) {
  const once = async () => {
    const response = await fetch(url, { ...init, headers: { ...BROWSER, ...init.headers } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  };
  for (let i = 0; i < Math.min(50, count); i++) await once();
  const before = cpuMs(pid);
  for (let i = 0; i < count; i++) await once();
  return (cpuMs(pid) - before) / count;
}

const gql = (query) => ({
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json" },
  body: JSON.stringify({ query }),
});

const children = [];
process.on("SIGINT", () => void stopAll(children).then(() => process.exit(130)));

try {
  const buildDir = ensureBenchBuilds();
  const machine = machineDescription();
  const cms = await startCms({ port: base, dir: freshScratch("bench-cpu"), env: { CMS_READ_CACHE: "off" } });
  children.push(cms.child);
  const webs = {};
  for (const [offset, mode] of [
    [1, "on"],
    [2, "reads"],
    [3, "off"],
  ]) {
    webs[mode] = await startWeb({ port: base + offset, cmsUrl: cms.url, buildDir, env: { WEB_CACHE: mode } });
    children.push(webs[mode].child);
  }
  const blogId = (await (await fetch(`${cms.url}/api/blog`)).json()).results[0].id;

  const rows = [];
  const cmsTargets = [
    ["GET /api/blog?pageSize=12 (contract)", `${cms.url}/api/blog?pageSize=12`, {}],
    ["GET /api/team-member (contract)", `${cms.url}/api/team-member`, {}],
    [
      "POST /graphql site settings",
      `${cms.url}/graphql`,
      gql("{ siteSetting { name tagline aboutText address phone email socialUrl socialLabel mapEmbedUrl mapLabel } }"),
    ],
    [
      "POST /graphql 12 posts with pictures",
      `${cms.url}/graphql`,
      gql('{ blogs(sort: "createdAt:desc", pagination: { limit: 12 }) { numericId title createdAt media { url width height } } }'),
    ],
    [
      "POST /graphql home page",
      `${cms.url}/graphql`,
      gql(
        `{ home { heroSlides { heading text imageAlt image { ${FILE} } } welcomeCards { title description } benefits { title alt image { ${FILE} } items { text } } participationImage { ${FILE} } initiatives { title description } admissionListOne { text } admissionListTwo { text } } }`,
      ),
    ],
  ];
  for (const [name, url, init] of cmsTargets) {
    rows.push({ process: "CMS", name, ms: await perRequest(cms.child.pid, url, init) });
    console.log(`[bench:cpu] CMS ${name}: ${rows.at(-1).ms.toFixed(2)} ms`);
  }
  for (const page of ["/", "/blogs", `/blogs/details/${blogId}`, "/gallery", "/ne"]) {
    for (const [mode, label, count] of [
      ["on", "page cached", n * 20],
      ["reads", "rendered, CMS reads cached", n],
      ["off", "nothing cached (web only)", n],
    ]) {
      rows.push({
        process: "web",
        name: `GET ${page}, ${label}`,
        ms: await perRequest(webs[mode].child.pid, `${webs[mode].url}${page}`, {}, count),
      });
      console.log(`[bench:cpu] web ${rows.at(-1).name}: ${rows.at(-1).ms.toFixed(2)} ms`);
    }
  }
  await stopAll(children);

  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench:cpu\`: CPU time (user + system, /proc) of the serving process per request, ${n} requests one at a time per target (${n * 20} for cached pages), after a warm-up; \`Accept-Encoding: br, gzip\`; the CMS with its read cache off (ADR 013), so its rows are what a read costs.`,
    "",
    `Machine: ${machine.cpu}, Node ${machine.node}; load average at start ${machine.loadAverage}.`,
    "",
    "| process | request | CPU ms per request |",
    "| --- | --- | ---: |",
    ...rows.map((row) => `| ${row.process} | ${row.name} | ${row.ms.toFixed(2)} |`),
  ].join("\n");
  console.log(`\n${report}\n`);
  if (process.argv.includes("--docs")) writeDocsBlock("cpu", report);
} catch (error) {
  console.error(error);
  await stopAll(children);
  process.exit(1);
}
