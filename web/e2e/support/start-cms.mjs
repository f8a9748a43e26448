// Starts the project's CMS (scripts/cms.mjs) for the browser tests on a throwaway
// database and upload folder, seeded with the demo content. Stops it with this process.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../..");
const port = process.env.E2E_CMS_PORT ?? "1437";
// After every content change the CMS tells the web servers (signed with WEB_PROXY_SECRET, which
// playwright.config.ts sets for both), so their caches never serve an old page.
const webPorts = [process.env.E2E_WEB_PORT ?? "3100", process.env.E2E_WEB_PARTIAL_PORT ?? "3102"];
const scratch = join(repo, "web", ".test-tmp", `cms-${port}`);

rmSync(scratch, { recursive: true, force: true });
mkdirSync(join(scratch, "public", "uploads"), { recursive: true });

// Outgoing mail goes to a real SMTP server on this machine, which writes each message into a
// folder the tests read ("Forgot your password?" links).
const { startSmtpCapture } = await import(pathToFileURL(join(repo, "cms", "tests", "helpers", "smtp-capture.mjs")).href);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(port) + 10);
const smtp = await startSmtpCapture({ port: smtpPort, folder: join(repo, "web", ".test-tmp", `mail-${port}`) });

const child = spawn(process.execPath, [join(repo, "scripts", "cms.mjs")], {
  cwd: repo,
  stdio: "inherit",
  env: {
    ...process.env,
    CMS_PORT: port,
    DATABASE_FILENAME: join(scratch, "data.db"),
    STRAPI_PUBLIC_DIR: join(scratch, "public"),
    SEED_DEMO_CONTENT: "true",
    WEB_REVALIDATE_URL: webPorts.map((p) => `http://127.0.0.1:${p}/_internal/revalidate`).join(","),
    NODE_ENV: process.env.CMS_NODE_ENV ?? "development",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    MAIL_FROM: "website@example.org",
    // The reset links point at the test web server.
    PUBLIC_SITE_URL: `http://127.0.0.1:${webPorts[0]}`,
    // Every test signs in from the same address, a few with a wrong password on purpose, and a
    // login counts against the limit while it runs: with four failures in the window, two tests
    // signing in at the same moment would see one refused. The limit has its own tests
    // (cms/tests/auth.test.ts, attacks-*.test.ts, failure-counters*.test.ts).
    LOGIN_MAX_FAILURES: "1000",
  },
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  void smtp.close();
  process.exit(code ?? (signal ? 1 : 0));
});
