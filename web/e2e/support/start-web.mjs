// Builds web for production (unless E2E_SKIP_BUILD=1) and starts it twice: against the
// test CMS, and against an address where nothing listens (to test the 503 pages).
import { spawn, spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const webPort = process.env.E2E_WEB_PORT ?? "3100";
const downPort = process.env.E2E_WEB_DOWN_PORT ?? "3101";
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
  const child = spawn(process.execPath, ["server.js"], {
    cwd: web,
    // The "CMS down" server logs a refused connection per request: expected, so not shown.
    stdio: quiet ? ["ignore", "ignore", "ignore"] : "inherit",
    env: { ...process.env, ...common, WEB_BUILD_DIR: buildDir, PORT: port, CMS_URL: cmsUrl, PUBLIC_SITE_URL: `http://127.0.0.1:${port}` },
  });
  child.on("exit", (code) => {
    console.error(`web server on ${port} exited (${code})`);
    process.exit(code ?? 1);
  });
  return child;
}

// Port 9 (discard) has no listener here: every CMS call is refused at once.
const children = [start(downPort, "http://127.0.0.1:9", { quiet: true }), start(webPort, `http://127.0.0.1:${cmsPort}`)];

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
    process.exit(0);
  });
}
