import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A CMS on its own freshly seeded database and a web server (the e2e production build) in front
 * of it, on free ports: for tests that change the whole site (removing the demo content) and so
 * cannot share the stack the other tests read.
 */
const web = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const repo = resolve(web, "..");

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status > 0 && status < 500) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const stop = (child: ChildProcess | undefined) =>
  new Promise<void>((done) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });

/**
 * Each process writes its output to a file that outlives the test, and a process that dies while
 * the test still needs it says so on the runner's output with the end of its log: a stack that
 * vanishes under load is then explained in the CI log rather than seen only as "connection refused".
 */
const logDir = join(web, ".test-tmp", "own-stack-logs");

function logTo(file: string) {
  mkdirSync(logDir, { recursive: true });
  return openSync(join(logDir, file), "w");
}

function reportUnexpectedExit(child: ChildProcess, label: string, file: string, stopping: () => boolean) {
  child.once("exit", (code, signal) => {
    if (stopping()) return;
    const log = readFileSync(join(logDir, file), "utf8");
    console.error(`[own-stack] ${label} exited (code ${code}, signal ${signal}); end of ${join(logDir, file)}:\n${log.slice(-4000)}`);
  });
}

/** `webEnv`: settings of the web server beside the usual ones (e.g. a small SITEMAP_MAX_URLS). */
export async function startOwnStack(name: string, { webEnv = {} }: { webEnv?: Record<string, string> } = {}) {
  const [cmsPort, webPort] = [await freePort(), await freePort()];
  const scratch = join(web, ".test-tmp", `own-stack-${name}-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(scratch, "public", "uploads"), { recursive: true });
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  let cms: ChildProcess | undefined;
  let stopping = false;
  const cmsLog = `${name}-${process.pid}-cms.log`;
  const webLog = `${name}-${process.pid}-web.log`;
  const bootCms = async () => {
    const out = logTo(cmsLog);
    cms = spawn(process.execPath, [join(repo, "scripts", "cms.mjs")], {
      cwd: repo,
      stdio: ["ignore", out, out],
      env: {
        ...process.env,
        CMS_PORT: String(cmsPort),
        DATABASE_FILENAME: join(scratch, "data.db"),
        STRAPI_PUBLIC_DIR: join(scratch, "public"),
        SEED_DEMO_CONTENT: "true",
        WEB_REVALIDATE_URL: `${webUrl}/_internal/revalidate`,
        NODE_ENV: "development",
      },
    });
    closeSync(out);
    const booted = cms;
    reportUnexpectedExit(booted, "the CMS", cmsLog, () => stopping || booted !== cms);
    await waitFor(`${cmsUrl}/_health`, cms, 180_000);
  };
  await bootCms();
  const webOut = logTo(webLog);
  const server = spawn(process.execPath, ["server.js"], {
    cwd: web,
    stdio: ["ignore", webOut, webOut],
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? "e2e-only-secret-e2e-only-secret-0123456789",
      HOST: "127.0.0.1",
      WEB_BUILD_DIR: process.env.E2E_BUILD_DIR ?? ".test-tmp/e2e-build",
      PORT: String(webPort),
      CMS_URL: cmsUrl,
      PUBLIC_SITE_URL: webUrl,
      IMAGE_CACHE_DIR: join(scratch, "img-cache"),
      ...webEnv,
    },
  });
  closeSync(webOut);
  reportUnexpectedExit(server, "the web server", webLog, () => stopping);
  await waitFor(`${webUrl}/healthz`, server, 60_000);
  return {
    cmsUrl,
    webUrl,
    /** Stops the CMS and starts it again on the same database. */
    async restartCms() {
      const old = cms;
      cms = undefined;
      await stop(old);
      await bootCms();
    },
    async stop() {
      stopping = true;
      await Promise.all([stop(server), stop(cms)]);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
