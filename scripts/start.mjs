#!/usr/bin/env node
// `npm start`: builds what is missing, starts the CMS (an empty database is seeded with demo
// content), then the web app, and stops both on Ctrl+C.
import { cmsSecrets } from './lib/cms-env.mjs';
import { ensureCmsBuilt, spawnCms, waitForHttp } from './lib/cms.mjs';
import { adminDefaults } from './lib/demo.mjs';
import { ensureWebBuilt, spawnWeb, webExists } from './lib/web.mjs';

// --dev: the web app runs through Vite (hot reload) instead of its production build.
const dev = process.argv.includes('--dev');
const cmsPort = process.env.CMS_PORT || '1337';
const webPort = process.env.PORT || '3000';
const cmsUrl = `http://127.0.0.1:${cmsPort}`;

ensureCmsBuilt();
if (webExists() && !dev) ensureWebBuilt();

const children = [];
const stopAll = (code = 0) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

// After every content change the CMS tells the web app (signed with WEB_PROXY_SECRET, which both
// get from cmsSecrets()), so the web app's caches drop the old content at once.
const cms = spawnCms({
  NODE_ENV: process.env.NODE_ENV || 'development',
  GRAPHQL_DEV_TOOLS: process.env.GRAPHQL_DEV_TOOLS || String(dev), // introspection + stack traces: `npm run dev` only
  WEB_REVALIDATE_URL: process.env.WEB_REVALIDATE_URL || (webExists() ? `http://127.0.0.1:${webPort}/_internal/revalidate` : ''),
});
children.push(cms);
cms.on('exit', (code) => {
  if (code) console.error(`[start] the CMS stopped with code ${code}`);
  stopAll(code ?? 0);
});

await waitForHttp(`${cmsUrl}/_health`, { timeoutMs: 180_000, child: cms });
console.log(`\n[start] CMS ready at ${cmsUrl} (console: ${cmsUrl}/admin)`);

if (webExists()) {
  const { SESSION_SECRET, WEB_PROXY_SECRET } = cmsSecrets();
  // A production build served over plain http on this machine: the cookie cannot be Secure here.
  const web = spawnWeb(
    { CMS_URL: process.env.CMS_URL || cmsUrl, PORT: webPort, SESSION_SECRET, WEB_PROXY_SECRET, COOKIE_SECURE: process.env.COOKIE_SECURE || 'false' },
    { dev },
  );
  children.push(web);
  web.on('exit', (code) => {
    if (code) console.error(`[start] the web app stopped with code ${code}`);
    stopAll(code ?? 0);
  });
  await waitForHttp(`http://127.0.0.1:${webPort}/`, { timeoutMs: 60_000, child: web });
  console.log(`[start] website ready at http://127.0.0.1:${webPort}`);
}

const { email, password, demo } = adminDefaults();
console.log(`[start] staff login: ${email}${demo ? ` / ${password} (demo defaults: set ADMIN_EMAIL and ADMIN_PASSWORD for real use)` : ''}\n`);
