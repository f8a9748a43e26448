#!/usr/bin/env node
// `npm run drill:cluster`: the site as several processes on shared engines, with a failure in the
// middle. Starts a throwaway PostgreSQL, a local S3-compatible server (s3rver), two CMS and two web
// processes and nginx in front (one address for the web, one for the CMS), runs the load test
// (scripts/load-test.mjs: 50 readers + 5 writers) through nginx while a staff editor changes a post
// every few seconds, kills one CMS and one web process (SIGKILL) halfway and starts them again, as
// systemd's Restart= would. Then it reports: lost writes (acknowledged, then not readable), how long
// each edit took to show on each web process (both, directly, not through nginx), the error count,
// p50/p99 and the memory of every process at rest and at its peak. Exit status 1 when a write was
// lost or an edit took longer than 2 s to show on a web process once the CMS had answered the save:
// a page asked for 2 s after the save must show it (when that page's answer arrives is reported too).
// The editor polls each web process for the post's page, one request at a time, 25 ms apart.
// Needs nginx (Debian: apt-get install -y nginx) and PostgreSQL's server binaries (postgresql).
// `-- --docs` writes the figures into docs/performance.md and docs/operations.md.
// Env: DRILL_PORT_BASE (4430; uses 8 ports from there), DRILL_SECONDS (60), DRILL_EDIT_EVERY_MS (3000).
// Not part of `npm test`: it takes a few minutes.
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { benchStaff, freshScratch, machineDescription, startCms, startWeb, stopAll, writeDocsBlock } from "./lib/bench-stack.mjs";
import { ensureCmsBuilt } from "./lib/cms.mjs";
import { ensureWebBuilt } from "./lib/web.mjs";
import { cmsDir, repoRoot } from "./lib/paths.mjs";
import { percentile } from "./lib/percentile.mjs";

const base = Number(process.env.DRILL_PORT_BASE ?? 4430);
const seconds = Number(process.env.DRILL_SECONDS ?? 60);
const editEveryMs = Number(process.env.DRILL_EDIT_EVERY_MS ?? 3000);
const VISIBLE_WITHIN_MS = 2000;
const ports = { pg: base, cms: [base + 1, base + 2], web: [base + 3, base + 4], proxyWeb: base + 5, proxyCms: base + 6 };

// ── What the machine must have ──────────────────────────────────────────────────────────
const which = (name) => {
  for (const dir of (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/sbin"])) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
};
const nginxBin = which("nginx");
if (!nginxBin) {
  console.error(
    "[drill] nginx is not installed. On Debian: apt-get install -y nginx (its service need not run), then npm run drill:cluster again.",
  );
  process.exit(1);
}
const pgRoot = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))[0] : null;
const pgBin = pgRoot ? path.join("/usr/lib/postgresql", pgRoot, "bin") : null;
if (!pgBin || !existsSync(path.join(pgBin, "initdb"))) {
  console.error("[drill] PostgreSQL's server binaries are not installed. On Debian: apt-get install -y postgresql, then run again.");
  process.exit(1);
}

const dir = freshScratch("drill-cluster");
const children = [];
const log = (message) => console.log(`[drill] ${message}`);
let pgData;

/** PostgreSQL refuses to run as root: then the cluster belongs to the postgres user. */
const asPostgres = (command, args) => {
  const root = process.getuid?.() === 0;
  if (root) execFileSync("su", ["postgres", "-c", [command, ...args].map((arg) => `'${arg}'`).join(" ")], { stdio: "ignore" });
  else execFileSync(command, args, { stdio: "ignore" });
};

async function startPostgres() {
  // Under /tmp: the postgres user may not reach the repository's folder.
  pgData = mkdtempSync(path.join(os.tmpdir(), "drill-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(pgData, uid, gid);
  }
  asPostgres(path.join(pgBin, "initdb"), ["-D", pgData, "-A", "trust", "-U", "postgres"]);
  asPostgres(path.join(pgBin, "pg_ctl"), [
    "-D",
    pgData,
    "-w",
    "-l",
    path.join(pgData, "server.log"),
    "-o",
    `-p ${ports.pg} -k /tmp -c listen_addresses=127.0.0.1`,
    "start",
  ]);
  return `postgres://postgres@127.0.0.1:${ports.pg}/postgres`;
}

const stopPostgres = () => {
  if (!pgData) return;
  try {
    asPostgres(path.join(pgBin, "pg_ctl"), ["-D", pgData, "-m", "fast", "stop"]);
  } catch {
    // not running
  }
  rmSync(pgData, { recursive: true, force: true });
};

async function startS3() {
  const S3rver = createRequire(path.join(cmsDir, "package.json"))("@20minutes/s3rver");
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "site-media" }],
    // s3rver signs bucket-level requests (the boot-time sweep's list) differently from the AWS SDK.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  return {
    server,
    env: {
      UPLOAD_PROVIDER: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_BUCKET: "site-media",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
  };
}

/** nginx in front: the web processes on one address, the CMS processes on another; a dead upstream is skipped. */
function startNginx() {
  const upstream = (list) => list.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join("\n");
  const proxy = (name) => `
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that refuses the connection (killed, restarting): the request goes to the other.
      # Never marked down (max_fails=0): on a busy machine a slow answer is no reason to stop sending.
      proxy_next_upstream error;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_request_buffering off;
    }`;
  const conf = `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_max_body_size 250m;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  upstream web {
${upstream(ports.web)}
    keepalive 32;
  }
  upstream cms {
${upstream(ports.cms)}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports.proxyWeb};${proxy("web")}
  }
  server {
    listen 127.0.0.1:${ports.proxyCms};${proxy("cms")}
  }
}
`;
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, conf);
  execFileSync(nginxBin, ["-t", "-q", "-c", file, "-p", dir]);
  const child = spawn(nginxBin, ["-c", file, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

// ── Memory: resident size of each process (PostgreSQL: the postmaster and all its backends) ──
const childPids = (pid) => {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)])
      .toString()
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
};
/**
 * Proportional set size (what smem reports): shared pages are divided among the processes that
 * map them, so PostgreSQL's shared buffers count once across its backends, not once per backend.
 */
const pssOf = (pid) => Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) * 1024;
const rssOf = (pids) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + pssOf(pid);
    } catch {
      return sum;
    }
  }, 0);
const postgresPids = () => {
  const main = Number(readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n")[0]);
  return [main, ...childPids(main)];
};

async function main() {
  log(`machine: ${JSON.stringify(machineDescription())}`);
  // The production builds `npm start` and the tests use (built here if stale).
  ensureCmsBuilt();
  ensureWebBuilt();
  const buildDir = "build";
  const databaseUrl = await startPostgres();
  log(`PostgreSQL ${pgRoot} on ${ports.pg}`);
  const s3 = await startS3();
  log(`s3rver at ${s3.env.S3_ENDPOINT}`);

  const cmsProxy = `http://127.0.0.1:${ports.proxyCms}`;
  const webProxy = `http://127.0.0.1:${ports.proxyWeb}`;
  const cmsEnv = (port) => ({
    ...s3.env,
    DATABASE_CLIENT: "postgres",
    DATABASE_URL: databaseUrl,
    CMS_PUBLIC_URL: cmsProxy,
    // Each process has its own disk; nothing of the site is kept on it.
    STRAPI_PUBLIC_DIR: path.join(dir, `cms-${port}`, "public"),
    // Both web processes hear of every change, whichever CMS made it.
    WEB_REVALIDATE_URL: ports.web.map((web) => `http://127.0.0.1:${web}/_internal/revalidate`).join(","),
  });
  const cms = [];
  // The first boot creates the schema and the demo content; the second process then joins it.
  for (const port of ports.cms) {
    const started = await startCms({ port, dir: path.join(dir, `cms-${port}`), env: cmsEnv(port) });
    children.push(started.child);
    cms.push(started);
    log(`CMS on ${port} ready in ${(started.bootMs / 1000).toFixed(1)} s`);
  }
  startNginx();
  const webEnv = { PUBLIC_SITE_URL: webProxy };
  const web = [];
  for (const port of ports.web) {
    const started = await startWeb({ port, cmsUrl: cmsProxy, buildDir, env: webEnv });
    children.push(started.child);
    web.push(started);
    log(`web on ${port} ready in ${(started.bootMs / 1000).toFixed(1)} s`);
  }
  const pids = () => ({
    postgresql: postgresPids(),
    cms: cms.map((c) => [c.child.pid]),
    web: web.map((w) => [w.child.pid]),
  });
  const memory = (which) => ({
    postgresql: rssOf(which.postgresql),
    cms: which.cms.map(rssOf),
    web: which.web.map(rssOf),
  });
  // At rest: every process booted and the pages warmed, nothing asked for 5 s.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const atRest = memory(pids());
  const peak = { postgresql: 0, cms: [0, 0], web: [0, 0] };
  const sampler = setInterval(() => {
    const now = memory(pids());
    peak.postgresql = Math.max(peak.postgresql, now.postgresql);
    now.cms.forEach((value, i) => (peak.cms[i] = Math.max(peak.cms[i], value)));
    now.web.forEach((value, i) => (peak.web[i] = Math.max(peak.web[i], value)));
  }, 500);

  // ── The staff editor: one post, its title changed every few seconds, watched on both web processes ──
  const login = await (
    await fetch(`${cmsProxy}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: benchStaff.email, password: benchStaff.password }),
    })
  ).json();
  const auth = { authorization: `Bearer ${login.token}` };
  const postForm = (title) => {
    const body = new FormData();
    body.append("title", title);
    body.append("content", "A post the drill's staff editor keeps changing.");
    body.append("author", "drill@example.org");
    return body;
  };
  const created = await (await fetch(`${cmsProxy}/api/blog`, { method: "POST", headers: auth, body: postForm("Drill post 0") })).json();
  const edits = [];
  const webUp = [true, true];
  const showsTitle = async (port, title) => {
    try {
      const html = await (
        await fetch(`http://127.0.0.1:${port}/blogs/details/${created.id}`, { signal: AbortSignal.timeout(2000) })
      ).text();
      return html.includes(title);
    } catch {
      return false;
    }
  };
  let editing = true;
  const editorStartedAt = performance.now();
  const editor = (async () => {
    for (let n = 1; editing; n += 1) {
      const title = `Drill post ${n}`;
      const sent = performance.now();
      const response = await fetch(`${cmsProxy}/api/blog/${created.id}`, { method: "PUT", headers: auth, body: postForm(title) }).catch(
        () => null,
      );
      // The editor sees "saved" when the CMS answers; from then on the edit must show on both web processes.
      const saved = performance.now();
      const edit = {
        n,
        atS: Math.round((sent - editorStartedAt) / 100) / 10,
        status: response?.status ?? "network error",
        savedMs: Math.round(saved - sent),
        // Per web process: when the first request that showed the edit was sent (a visitor asking
        // then sees it), and when its answer arrived (that includes the page's own answer time under the load).
        visibleMs: [null, null],
        answeredMs: [null, null],
        skipped: [false, false],
      };
      edits.push(edit);
      if (response?.ok) {
        await Promise.all(
          ports.web.map(async (port, i) => {
            if (!webUp[i]) return void (edit.skipped[i] = true);
            while (performance.now() - saved < 10_000) {
              const asked = performance.now();
              if (await showsTitle(port, title)) {
                edit.visibleMs[i] = Math.round(asked - saved);
                edit.answeredMs[i] = Math.round(performance.now() - saved);
                return;
              }
              if (!webUp[i]) return void (edit.skipped[i] = true);
              await new Promise((resolve) => setTimeout(resolve, 25));
            }
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, editEveryMs - (performance.now() - sent))));
    }
  })();

  // ── The load test through nginx, with one CMS and one web process killed halfway ──
  log(`load test: 50 readers + 5 writers for ${seconds} s through nginx (web ${webProxy}, CMS ${cmsProxy})`);
  const load = spawn(process.execPath, [path.join(repoRoot, "scripts", "load-test.mjs")], {
    env: {
      ...process.env,
      CMS_URL: cmsProxy,
      WEB_URL: webProxy,
      STAFF_EMAIL: benchStaff.email,
      STAFF_PASSWORD: benchStaff.password,
      LOAD_SECONDS: String(seconds),
      LOAD_READERS: "50",
      LOAD_WRITERS: "5",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let loadOutput = "";
  load.stdout.on("data", (chunk) => (loadOutput += chunk));
  const loadDone = new Promise((resolve) => load.on("exit", resolve));

  await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
  const killedAt = performance.now();
  log(`killing CMS ${ports.cms[1]} (pid ${cms[1].child.pid}) and web ${ports.web[1]} (pid ${web[1].child.pid}) with SIGKILL`);
  webUp[1] = false;
  cms[1].child.kill("SIGKILL");
  web[1].child.kill("SIGKILL");
  // Gone for good: nothing to stop at the end.
  children.splice(0, children.length, ...children.filter((child) => child !== cms[1].child && child !== web[1].child));
  await Promise.all(
    [cms[1].child, web[1].child].map(
      (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once("exit", resolve))),
    ),
  );
  // Started again at once, as a supervisor does; each is back when it answers its health check.
  const [cmsAgain, webAgain] = await Promise.all([
    startCms({ port: ports.cms[1], dir: path.join(dir, `cms-${ports.cms[1]}`), env: cmsEnv(ports.cms[1]) }),
    startWeb({ port: ports.web[1], cmsUrl: cmsProxy, buildDir, env: webEnv }),
  ]);
  children.push(cmsAgain.child, webAgain.child);
  cms[1] = cmsAgain;
  web[1] = webAgain;
  webUp[1] = true;
  const backAfterMs = Math.round(performance.now() - killedAt);
  log(`both back after ${(backAfterMs / 1000).toFixed(1)} s`);

  await loadDone;
  editing = false;
  await editor;
  clearInterval(sampler);
  const result = JSON.parse(loadOutput.trim().split("\n").pop());

  // The edits: every acknowledged one, its final title readable; how long each took to show.
  const acknowledged = edits.filter((edit) => edit.status === 200);
  const final = await (await fetch(`${cmsProxy}/api/blog/${created.id}`)).json();
  const lastTitle = `Drill post ${acknowledged.at(-1)?.n ?? 0}`;
  const lostEdits = final.title === lastTitle ? 0 : 1;
  const shown = acknowledged.flatMap((edit) => edit.visibleMs.filter((ms, i) => ms !== null && !edit.skipped[i]));
  const answered = acknowledged.flatMap((edit) => edit.answeredMs.filter((ms, i) => ms !== null && !edit.skipped[i]));
  /** The checks of an edit that showed late, or not at all, on a web process that was up. */
  const lateChecks = (edit) => edit.visibleMs.filter((ms, i) => !edit.skipped[i] && (ms === null || ms > VISIBLE_WITHIN_MS));
  const late = acknowledged.flatMap(lateChecks);
  const skipped = acknowledged.reduce((sum, edit) => sum + edit.skipped.filter(Boolean).length, 0);
  await fetch(`${cmsProxy}/api/blog/${created.id}`, { method: "DELETE", headers: auth });

  const mb = (bytes) => Math.round(bytes / 1048576);
  const report = {
    seconds: result.seconds,
    requests: result.requests,
    requestsPerSecond: result.requestsPerSecond,
    acknowledgedWrites: result.acknowledgedWrites,
    lostWrites: result.lostWrites + lostEdits,
    errors: {
      network: result.networkErrors,
      fiveXx: result.fiveXx,
      fiveXxByTarget: result.fiveXxByTarget,
      byStatus: result.byStatus,
      kinds: result.networkErrorKinds,
    },
    latencyMs: result.latencyMs,
    latencyMsByTarget: result.latencyMsByTarget,
    readCacheByTarget: result.readCacheByTarget,
    killed: { cms: ports.cms[1], web: ports.web[1], backAfterMs },
    edits: {
      made: edits.length,
      acknowledged: acknowledged.length,
      failed: edits.length - acknowledged.length,
      savedP50Ms: percentile(
        acknowledged.map((edit) => edit.savedMs),
        50,
      ),
      savedMaxMs: Math.max(0, ...acknowledged.map((edit) => edit.savedMs)),
      checksOnBothWebs: shown.length,
      maxVisibleMs: Math.max(0, ...shown),
      p50VisibleMs: percentile(shown, 50),
      laterThan2s: late.length,
      p50AnsweredMs: percentile(answered, 50),
      maxAnsweredMs: Math.max(0, ...answered),
      answeredLaterThan2s: answered.filter((ms) => ms > VISIBLE_WITHIN_MS).length,
      skippedWhileWebDown: skipped,
      // When the late ones were made (seconds since the editor began), against the failure's window.
      late: acknowledged
        .filter((edit) => lateChecks(edit).length > 0)
        .map(({ n, atS, savedMs, visibleMs, answeredMs }) => ({ n, atS, savedMs, visibleMs, answeredMs })),
      killedAtS: Math.round((killedAt - editorStartedAt) / 100) / 10,
    },
    memoryMb: {
      atRest: { postgresql: mb(atRest.postgresql), cms: atRest.cms.map(mb), web: atRest.web.map(mb) },
      peakUnderLoad: { postgresql: mb(peak.postgresql), cms: peak.cms.map(mb), web: peak.web.map(mb) },
    },
  };
  console.log(JSON.stringify(report, null, 2));
  if (process.argv.includes("--docs")) writeDocs(report, result);
  const ok = report.lostWrites === 0 && late.length === 0;
  log(
    ok
      ? `passed: 0 lost writes, every edit on both web processes within ${VISIBLE_WITHIN_MS} ms (max ${report.edits.maxVisibleMs} ms), ${result.networkErrors + result.fiveXx} errors, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms`
      : `FAILED: ${report.lostWrites} lost writes, ${late.length} edit checks later than ${VISIBLE_WITHIN_MS} ms`,
  );
  await s3.server.close();
  return ok;
}

/** The drill's figures as Markdown, for docs/performance.md and docs/operations.md. */
function writeDocs(report, result) {
  const machine = machineDescription();
  const m = report.memoryMb;
  const target = (name) => result.latencyMsByTarget[name];
  const rows = Object.keys(result.latencyMsByTarget)
    .map((name) => `| ${name} | ${target(name).n} | ${target(name).p50} | ${target(name).p99} |`)
    .join("\n");
  writeDocsBlock(
    "drill-cluster",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpu}, ${machine.memory}, ${machine.os}, Node ${machine.node}
(load average ${machine.loadAverage} at the end, the drill's own processes and load included).

| | |
| --- | --- |
| load | ${report.requests} requests in ${report.seconds} s (${report.requestsPerSecond}/s), 50 readers + 5 writers through nginx |
| failure | CMS on ${report.killed.cms} and web on ${report.killed.web} killed with SIGKILL halfway, both back (health check answering) after ${(report.killed.backAfterMs / 1000).toFixed(1)} s |
| lost writes | **${report.lostWrites}** of ${report.acknowledgedWrites} acknowledged posts (plus the editor's ${report.edits.acknowledged} edits) |
| staff edits: saved | ${report.edits.acknowledged} edits saved (the CMS answered) in p50 ${report.edits.savedP50Ms} ms, max ${report.edits.savedMaxMs} ms; ${report.edits.failed} ${report.edits.failed === 1 ? "edit" : "edits"} refused or failed (the editor is told; nothing of it counts as saved) |
| staff edits: on both web processes, after saving | ${report.edits.checksOnBothWebs} checks: a page asked for p50 ${report.edits.p50VisibleMs} ms, max **${report.edits.maxVisibleMs} ms** after the save shows it; later than 2 s: **${report.edits.laterThan2s}**; ${report.edits.skippedWhileWebDown} checks skipped while that web process was down |
| the same, counted until that page's answer arrived | p50 ${report.edits.p50AnsweredMs} ms, max ${report.edits.maxAnsweredMs} ms; later than 2 s: ${report.edits.answeredLaterThan2s} |
| the late edits | ${report.edits.late.map((edit) => `edit ${edit.n} made at ${edit.atS} s (saved in ${edit.savedMs} ms, shown to a page asked ${edit.visibleMs.map((ms) => (ms === null ? "-" : `${ms} ms`)).join(" / ")} after)`).join("; ") || "none"}; the failure at ${report.edits.killedAtS} s |
| errors | ${report.errors.network} network errors, ${report.errors.fiveXx} answers 5xx (${JSON.stringify(report.errors.byStatus)}; by request: ${
      Object.entries(report.errors.fiveXxByTarget)
        .map(([name, count]) => `${name} ${count}`)
        .join(", ") || "none"
    }) |
| latency, all requests | p50 **${report.latencyMs.p50} ms**, p95 ${report.latencyMs.p95} ms, p99 **${report.latencyMs.p99} ms** |

| target | requests | p50 ms | p99 ms |
| --- | --- | --- | --- |
${rows}

| memory, PSS (MB) | PostgreSQL (all backends) | CMS 1 | CMS 2 | web 1 | web 2 |
| --- | --- | --- | --- | --- | --- |
| at rest (booted, pages warmed) | ${m.atRest.postgresql} | ${m.atRest.cms[0]} | ${m.atRest.cms[1]} | ${m.atRest.web[0]} | ${m.atRest.web[1]} |
| peak under the load test | ${m.peakUnderLoad.postgresql} | ${m.peakUnderLoad.cms[0]} | ${m.peakUnderLoad.cms[1]} | ${m.peakUnderLoad.web[0]} | ${m.peakUnderLoad.web[1]} |`,
  );
  const single = (which) => which.postgresql + which.cms[0] + which.web[0];
  writeDocsBlock(
    "stack-memory",
    `| memory, PSS (MB) | PostgreSQL | CMS | web | whole stack |
| --- | --- | --- | --- | --- |
| at rest | ${m.atRest.postgresql} | ${m.atRest.cms[0]} | ${m.atRest.web[0]} | **${single(m.atRest)}** |
| peak under the load test | ${m.peakUnderLoad.postgresql} | ${m.peakUnderLoad.cms[0]} | ${m.peakUnderLoad.web[0]} | **${single(m.peakUnderLoad)}** |

(PostgreSQL with Debian's default settings, all its processes counted; nginx adds about 10 MB. In the
drill two CMS and two web processes share the load, so one process alone under the same load peaks somewhat
higher: \`npm run bench:memory\` measures one CMS under a 200 MB upload.)`,
    "operations.md",
  );
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(`[drill] failed: ${error.stack ?? error.message}`);
} finally {
  await stopAll(children);
  stopPostgres();
}
process.exit(ok ? 0 : 1);
