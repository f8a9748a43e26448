#!/usr/bin/env node
// `npm start`: builds what is missing, starts the CMS (an empty database is seeded with demo
// content), then the web app, and keeps both running: a process that exits is restarted with
// backoff (scripts/lib/supervisor.mjs) while the other goes on serving. Ctrl+C (SIGINT) or SIGTERM
// stops both.
import { cmsSecrets } from "./lib/cms-env.mjs";
import { ensureCmsBuilt, spawnCms, waitForHttp } from "./lib/cms.mjs";
import { adminDefaults } from "./lib/demo.mjs";
import { supervise } from "./lib/supervisor.mjs";
import { ensureWebBuilt, spawnWeb, startCookieSecure, webExists } from "./lib/web.mjs";

// --dev: the web app runs through Vite (hot reload) instead of its production build.
const dev = process.argv.includes("--dev");
const cmsPort = process.env.CMS_PORT || "1337";
const webPort = process.env.PORT || "3000";
const cmsUrl = `http://127.0.0.1:${cmsPort}`;

ensureCmsBuilt();
if (webExists() && !dev) ensureWebBuilt();

const supervisors = [];
let stopped = null;
/** Stops every process once (later calls wait for the same stop); `code` becomes the exit code. */
const stopAll = (code = 0) => {
  if (!stopped) {
    process.exitCode = code;
    stopped = Promise.all(supervisors.map((supervisor) => supervisor.stop()));
  }
  return stopped;
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stopAll(0));

// After every content change the CMS tells the web app (signed with WEB_PROXY_SECRET, which both
// get from cmsSecrets()), so the web app's caches drop the old content at once.
const cmsOverrides = {
  NODE_ENV: process.env.NODE_ENV || "development",
  GRAPHQL_DEV_TOOLS: process.env.GRAPHQL_DEV_TOOLS || String(dev), // introspection + stack traces: `npm run dev` only
  WEB_REVALIDATE_URL: process.env.WEB_REVALIDATE_URL || (webExists() ? `http://127.0.0.1:${webPort}/_internal/revalidate` : ""),
};
const cms = supervise({
  name: "CMS",
  start: () => spawnCms(cmsOverrides),
  // A first boot seeds the database: minutes on a slow machine.
  ready: (child) => waitForHttp(`${cmsUrl}/_health`, { timeoutMs: 180_000, child }),
  onFatal: (code) => void stopAll(code || 1),
});
supervisors.push(cms);

try {
  await cms.firstReady;
} catch {
  await stopAll(1);
  process.exit();
}
console.log(`\n[start] CMS ready at ${cmsUrl} (console: ${cmsUrl}/admin)`);

if (webExists() && !stopped) {
  const { SESSION_SECRET, WEB_PROXY_SECRET } = cmsSecrets();
  // Plain http on this machine (no Secure cookie), unless NODE_ENV=production: then it stays Secure.
  const cookieSecure = startCookieSecure();
  const webEnv = {
    CMS_URL: process.env.CMS_URL || cmsUrl,
    PORT: webPort,
    SESSION_SECRET,
    WEB_PROXY_SECRET,
    ...(cookieSecure ? { COOKIE_SECURE: cookieSecure } : {}),
  };
  const web = supervise({
    name: "web app",
    start: () => spawnWeb(webEnv, { dev }),
    ready: (child) => waitForHttp(`http://127.0.0.1:${webPort}/_health`, { timeoutMs: 60_000, child }),
    onFatal: (code) => void stopAll(code || 1),
  });
  supervisors.push(web);
  try {
    await web.firstReady;
    console.log(`[start] website ready at http://127.0.0.1:${webPort}`);
  } catch {
    await stopAll(1);
    process.exit();
  }
}

const { email, password, demo } = adminDefaults();
console.log(
  `[start] staff login: ${email}${demo ? ` / ${password} (demo defaults: set ADMIN_EMAIL and ADMIN_PASSWORD for real use)` : ""}\n`,
);
