// Temporary measurement (not committed): the admin blog list on the slow phone profile.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { benchStaff, ensureBenchBuilds, freshScratch, startCms, startWeb, stopAll } from "./lib/bench-stack.mjs";
import { webDir } from "./lib/paths.mjs";
const requireWeb = createRequire(path.join(webDir, "package.json"));
const pw = await import(pathToFileURL(requireWeb.resolve("playwright-core")).href);
const { chromium } = pw.default ?? pw;
const buildDir = ensureBenchBuilds();
const dir = freshScratch("measure-list");
const cms = await startCms({ port: 4500, dir });
const web = await startWeb({ port: 4501, cmsUrl: cms.url, buildDir });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${web.url}/login`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Email").fill(benchStaff.email);
  await page.getByLabel("Password", { exact: true }).fill(benchStaff.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${web.url}/dashboard`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 50_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  for (const list of ["/bloglist", "/gallery/images", "/gallery/videos", "/teams"]) {
    let bytes = 0;
    const onResponse = async (response) => { try { bytes += (await response.body()).length; } catch {} };
    page.on("response", onResponse);
    const started = performance.now();
    await page.goto(`${web.url}${list}`, { waitUntil: "load" });
    const loaded = (performance.now() - started) / 1000;
    page.off("response", onResponse);
    console.log(`${list}: load event after ${loaded.toFixed(1)} s, ${(bytes / 1024).toFixed(0)} KB received`);
  }
} finally {
  await browser.close();
  await stopAll([cms.child, web.child]);
}
