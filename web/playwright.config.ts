import { defineConfig } from "@playwright/test";

// Ports of the throwaway stack the browser tests run against (not the dev ports).
export const E2E = {
  webPort: Number(process.env.E2E_WEB_PORT ?? 3100),
  // A second web server whose CMS address points nowhere: for the "CMS down" pages.
  webDownPort: Number(process.env.E2E_WEB_DOWN_PORT ?? 3101),
  cmsPort: Number(process.env.E2E_CMS_PORT ?? 1437),
};
// A third web server whose CMS answers only the site settings: a page's own query fails while
// header and footer still render (e2e/support/start-web.mjs). Next to the others by default,
// so runs with their own E2E_WEB_PORT do not collide; the servers and tests read it from env.
process.env.E2E_WEB_PARTIAL_PORT ??= String(E2E.webPort + 2);

// Shared by the test CMS and web servers: the CMS signs its "content changed" calls with it.
process.env.WEB_PROXY_SECRET ??= "e2e-only-proxy-secret-0123456789";

const reuse = process.env.E2E_REUSE === "1";

// Admin upload tests (e2e/admin): a 1 MiB image limit, for the test CMS and web server
// alike, makes "file too large" quick to reach. Real files in the tests are a few KB.
process.env.IMAGE_MAX_BYTES ??= String(1024 * 1024);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${E2E.webPort}`,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    {
      // Strapi on a fresh temporary database, seeded with the demo content.
      command: "node e2e/support/start-cms.mjs",
      url: `http://127.0.0.1:${E2E.cmsPort}/_health`,
      timeout: 10 * 60_000,
      reuseExistingServer: reuse,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Production build of web, served twice (normal, and with the CMS unreachable).
      command: "node e2e/support/start-web.mjs",
      url: `http://127.0.0.1:${E2E.webPort}/_health`,
      timeout: 5 * 60_000,
      reuseExistingServer: reuse,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
