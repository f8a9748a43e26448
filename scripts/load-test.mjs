#!/usr/bin/env node
// Load test: N readers and M writers for a fixed time against a running CMS (and optionally the
// web app), then checks that every acknowledged write is readable. Loopback only, bounded in time
// and request count. Prints one JSON report.
//   CMS_URL=... [WEB_URL=...] STAFF_EMAIL=... STAFF_PASSWORD=... node scripts/load-test.mjs
// Env: LOAD_SECONDS (60), LOAD_READERS (50), LOAD_WRITERS (5), LOAD_MAX_REQUESTS (200000).
import { percentile } from "./lib/percentile.mjs";

const config = {
  cmsUrl: process.env.CMS_URL ?? "http://127.0.0.1:1337",
  webUrl: process.env.WEB_URL,
  seconds: Number(process.env.LOAD_SECONDS ?? 60),
  readers: Number(process.env.LOAD_READERS ?? 50),
  writers: Number(process.env.LOAD_WRITERS ?? 5),
  maxRequests: Number(process.env.LOAD_MAX_REQUESTS ?? 200_000),
  email: process.env.STAFF_EMAIL ?? "admin@example.org",
  password: process.env.STAFF_PASSWORD ?? "Namaste-2026",
};

for (const url of [config.cmsUrl, config.webUrl].filter(Boolean)) {
  const { hostname } = new URL(url);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(hostname)) throw new Error(`load tests only target loopback, not ${hostname}`);
}

const GRAPHQL_PAGE = JSON.stringify({
  query: '{ blogs(sort: "createdAt:desc", pagination: { limit: 12 }) { numericId title createdAt media { url width height } } }',
});
const readTargets = [
  { name: "GET /api/blog", request: () => fetch(`${config.cmsUrl}/api/blog?pageSize=12`) },
  { name: "GET /api/team-member", request: () => fetch(`${config.cmsUrl}/api/team-member`) },
  {
    name: "POST /graphql (blogs page)",
    request: () =>
      fetch(`${config.cmsUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: GRAPHQL_PAGE }),
  },
  ...(config.webUrl
    ? ["/", "/blogs", "/gallery", "/current-committee"].map((path) => ({
        name: `GET web ${path}`,
        request: () => fetch(`${config.webUrl}${path}`),
      }))
    : []),
];

const stats = {
  requests: 0,
  byStatus: {},
  errors: 0,
  errorKinds: {},
  fiveXx: 0,
  latencies: [],
  fiveXxByTarget: {},
  latenciesByTarget: {},
  // What the CMS's read cache did for each read (its X-Read-Cache: hit, shared, miss; "none": not kept).
  readCacheByTarget: {},
};
const noteError = (error) => {
  stats.errors += 1;
  const kind = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? "unknown";
  stats.errorKinds[kind] = (stats.errorKinds[kind] ?? 0) + 1;
};
const acknowledged = [];
const deadline = Date.now() + config.seconds * 1000;
const running = () => Date.now() < deadline && stats.requests < config.maxRequests;

/** Counts an answer of `target`: its time, its status, and whether it was a 5xx. */
const tally = (target, status, ms) => {
  stats.latencies.push(ms);
  (stats.latenciesByTarget[target] ??= []).push(ms);
  stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  if (status >= 500) {
    stats.fiveXx += 1;
    stats.fiveXxByTarget[target] = (stats.fiveXxByTarget[target] ?? 0) + 1;
  }
};

const record = async (promise, target) => {
  const started = performance.now();
  stats.requests += 1;
  try {
    const response = await promise;
    await response.arrayBuffer();
    tally(target, response.status, performance.now() - started);
    if (!target.startsWith("GET web ")) {
      const cache = (stats.readCacheByTarget[target] ??= {});
      const state = response.headers.get("x-read-cache") ?? "none";
      cache[state] = (cache[state] ?? 0) + 1;
    }
    return response;
  } catch (error) {
    noteError(error);
    return null;
  }
};

const loginResponse = await fetch(`${config.cmsUrl}/api/users/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: config.email, password: config.password }),
});
if (!loginResponse.ok) throw new Error(`staff login failed: ${loginResponse.status}`);
const { token } = await loginResponse.json();

const reader = async (index) => {
  for (let i = index; running(); i += 1) {
    const target = readTargets[i % readTargets.length];
    await record(target.request(), target.name);
  }
};

const writer = async (index) => {
  for (let i = 0; running(); i += 1) {
    const title = `load-${index}-${i}-${Date.now()}`;
    const body = new FormData();
    body.append("title", title);
    body.append("content", `Load test post ${i} from writer ${index}.`);
    body.append("author", "load@example.org");
    const started = performance.now();
    stats.requests += 1;
    try {
      const response = await fetch(`${config.cmsUrl}/api/blog`, { method: "POST", body, headers: { authorization: `Bearer ${token}` } });
      const payload = await response.json().catch(() => null);
      tally("POST /api/blog (write)", response.status, performance.now() - started);
      if (response.status === 201) acknowledged.push({ id: payload.id, title });
    } catch (error) {
      noteError(error);
    }
  }
};

const started = Date.now();
await Promise.all([
  ...Array.from({ length: config.readers }, (_, i) => reader(i)),
  ...Array.from({ length: config.writers }, (_, i) => writer(i)),
]);
const elapsed = (Date.now() - started) / 1000;

// Every acknowledged write must be there, as written.
let lost = 0;
for (const ack of acknowledged) {
  const response = await fetch(`${config.cmsUrl}/api/blog/${ack.id}`);
  const body = response.ok ? await response.json() : null;
  if (!body || body.title !== ack.title) lost += 1;
}
// Leave the content as it was.
for (const ack of acknowledged) {
  await fetch(`${config.cmsUrl}/api/blog/${ack.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
}

const percentileOf = (values, p) => Math.round(percentile(values, p) ?? 0);
const overall = (p) => percentileOf(stats.latencies, p);
console.log(
  JSON.stringify({
    seconds: Math.round(elapsed),
    readers: config.readers,
    writers: config.writers,
    requests: stats.requests,
    requestsPerSecond: Math.round(stats.requests / elapsed),
    byStatus: stats.byStatus,
    networkErrors: stats.errors,
    networkErrorKinds: stats.errorKinds,
    fiveXx: stats.fiveXx,
    fiveXxByTarget: stats.fiveXxByTarget,
    acknowledgedWrites: acknowledged.length,
    lostWrites: lost,
    latencyMs: { p50: overall(50), p95: overall(95), p99: overall(99) },
    readCacheByTarget: stats.readCacheByTarget,
    latencyMsByTarget: Object.fromEntries(
      Object.entries(stats.latenciesByTarget).map(([target, values]) => [
        target,
        { n: values.length, p50: percentileOf(values, 50), p99: percentileOf(values, 99) },
      ]),
    ),
  }),
);
