// Builds web for production (unless E2E_SKIP_BUILD=1) and starts it three times: against the
// test CMS, against an address where nothing listens (to test the 503 pages), and against a
// CMS that answers only the site settings (a page's own query fails, header and footer render).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const webPort = process.env.E2E_WEB_PORT ?? "3100";
const downPort = process.env.E2E_WEB_DOWN_PORT ?? "3101";
const partialPort = process.env.E2E_WEB_PARTIAL_PORT ?? "3102";
const cmsPort = process.env.E2E_CMS_PORT ?? "1437";
// Its own build folder: a developer's `npm run build` (or dev server) is left alone.
const buildDir = process.env.E2E_BUILD_DIR ?? ".test-tmp/e2e-build";

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync("npm", ["run", "build"], {
    cwd: web,
    stdio: "inherit",
    env: { ...process.env, WEB_BUILD_DIR: buildDir, NODE_ENV: "production" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const common = {
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-only-secret-e2e-only-secret-0123456789",
  HOST: "127.0.0.1",
};

function start(port, cmsUrl, { quiet = false } = {}) {
  // Unfinished resumable uploads of an earlier run would count against its per-person limit.
  const resumableUploads = resolve(web, ".test-tmp", `resumable-uploads-${port}`);
  rmSync(resumableUploads, { recursive: true, force: true });
  const child = spawn(process.execPath, ["server.js"], {
    cwd: web,
    // The "CMS down" servers log a failed CMS call per request: expected, so not shown.
    stdio: quiet ? ["ignore", "ignore", "ignore"] : "inherit",
    env: {
      ...process.env,
      ...common,
      WEB_BUILD_DIR: buildDir,
      PORT: port,
      CMS_URL: cmsUrl,
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      IMAGE_CACHE_DIR: resolve(web, ".test-tmp", `img-cache-${port}`),
      RESUMABLE_UPLOAD_DIR: resumableUploads,
    },
  });
  child.on("exit", (code) => {
    console.error(`web server on ${port} exited (${code})`);
    process.exit(code ?? 1);
  });
  return child;
}

/**
 * A stand-in CMS that passes the site settings query (header, footer) to the real one and
 * answers every other GraphQL query with HTTP 503, as a CMS failing under load might.
 */
function partialCms(target) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (!/\bquery SiteSettings\b/.test(body.toString("utf8"))) {
        res.writeHead(503, { "content-type": "text/plain" }).end("unavailable");
        return;
      }
      const upstream = http.request(
        `${target}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on("error", () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  return new Promise((resolvePort) => server.listen(0, "127.0.0.1", () => resolvePort(server.address().port)));
}

const partialCmsPort = await partialCms(`http://127.0.0.1:${cmsPort}`);

// Port 9 (discard) has no listener here: every CMS call is refused at once.
const children = [
  start(downPort, "http://127.0.0.1:9", { quiet: true }),
  start(partialPort, `http://127.0.0.1:${partialCmsPort}`, { quiet: true }),
  start(webPort, `http://127.0.0.1:${cmsPort}`),
];

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
    process.exit(0);
  });
}
