#!/usr/bin/env node
// `npm run bench:uploads`: the admin's uploads from a phone on slow, flaky mobile data.
// Chromium (360 px wide, CPU 4x slower, 400 kbit/s up, 1.6 Mbit/s down, 150 ms latency, by CDP
// emulation) signs in and saves, through the admin's own forms, against the production build:
// - 3 phone photos (4000x3000 JPEGs made here, 3-10 MB): resized in the browser, then uploaded;
// - a video (an MP4 padded to BENCH_VIDEO_MB, default 50) without a drop, and with the connection
//   gone for 10 s at 30 % of the upload.
// For each: the bytes the web server received (counted by a proxy in front of it), and the seconds
// until the upload was complete and until the form was saved.
// Prints a Markdown report; `--docs` writes it into docs/performance.md.
// Env: BENCH_VIDEO_MB (50), BENCH_UP_KBPS (400), BENCH_PORT_BASE (4100: CMS, web, and the counting proxy on the next two), CHROMIUM_PATH (/usr/bin/chromium).
import { randomBytes } from "node:crypto";
import { connect, createServer } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  ensureBenchBuilds,
  freshScratch,
  importFromWeb,
  launchPhone,
  machineDescription,
  signInAsBenchStaff,
  startCms,
  startWeb,
  stopAll,
  writeDocsBlock,
} from "./lib/bench-stack.mjs";
import { webDir } from "./lib/paths.mjs";

const sharp = (await importFromWeb("sharp")).default;

const videoBytes = Number(process.env.BENCH_VIDEO_MB ?? 50) * 1024 * 1024;
const upBytesPerSecond = (Number(process.env.BENCH_UP_KBPS ?? 400) * 1000) / 8;
const PROFILE = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: upBytesPerSecond };
const base = Number(process.env.BENCH_PORT_BASE ?? 4100);
const DROP_MS = 10_000;
const MB = 1024 * 1024;
const children = [];

/** Bytes the web server receives, counted on their way to it. */
async function countingProxy(targetPort, port) {
  let received = 0;
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    client.on("data", (chunk) => (received += chunk.length));
    client.pipe(upstream).pipe(client);
    const close = () => (client.destroy(), upstream.destroy());
    for (const socket of [client, upstream]) socket.on("error", close).on("close", close);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${port}`, received: () => received };
}

/** A phone-like 4000x3000 JPEG: a gradient with grain (grain is what makes phone JPEGs big). */
async function phonePhoto(quality) {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  const noise = randomBytes(width * height);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    const grain = (noise[i] & 31) - 16;
    pixels[i * 3] = Math.max(0, Math.min(255, (x * 255) / width + grain));
    pixels[i * 3 + 1] = Math.max(0, Math.min(255, (y * 255) / height + grain));
    pixels[i * 3 + 2] = Math.max(0, Math.min(255, 128 + grain));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** An MP4 the CMS accepts (a real clip) made `bytes` big by a `free` box of random bytes. */
function paddedVideo(bytes) {
  const clip = readFileSync(path.join(webDir, "e2e", "admin", "fixtures", "clip.mp4"));
  const box = Buffer.alloc(8);
  box.writeUInt32BE(bytes - clip.length, 0);
  box.write("free", 4, "latin1");
  return Buffer.concat([clip, box, randomBytes(bytes - clip.length - 8)]);
}

/** Saves one item through its admin form; returns bytes received and seconds to upload and to save. */
async function save(page, cdp, proxy, { form, list, fileLabel, file, drop = false }) {
  await page.goto(`${proxy.url}${form}`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Title").fill(`Bench ${file.name} ${Date.now().toString(36)}`);
  await page.getByLabel("Description").fill("Measured by npm run bench:uploads.");
  // A path, not a buffer: Playwright passes buffers of at most 50 MB.
  await page.getByLabel(fileLabel).setInputFiles(file.path);
  const before = proxy.received();
  const started = performance.now();
  await page.getByRole("button", { name: /^(Save|Submit)$/ }).click();
  let dropped = null;
  if (drop) {
    // Cut at 30 % of the file as the server counts it; back after 10 s.
    while (proxy.received() - before < file.size * 0.3) await new Promise((resolve) => setTimeout(resolve, 100));
    await cdp.send("Network.emulateNetworkConditions", { ...PROFILE, offline: true });
    dropped = Math.round(((proxy.received() - before) / file.size) * 100);
    await page.getByText(/^Waiting for the connection/).waitFor({ timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, DROP_MS));
    await cdp.send("Network.emulateNetworkConditions", PROFILE);
  }
  // "Upload complete, saving..." may show too briefly to be seen: then the upload ended with the save.
  let uploadedAt = null;
  page
    .getByText("Upload complete, saving...")
    .waitFor({ timeout: 3 * 3_600_000 })
    .then(() => (uploadedAt = performance.now()))
    .catch(() => undefined);
  await page.waitForURL(`${proxy.url}${list}`, { timeout: 3 * 3_600_000 });
  const savedAt = performance.now();
  const uploaded = proxy.received() - before;
  return { uploaded, uploadSeconds: ((uploadedAt ?? savedAt) - started) / 1000, savedSeconds: (savedAt - started) / 1000, dropped };
}

async function main() {
  const buildDir = ensureBenchBuilds();
  const dir = freshScratch("bench-uploads");
  const cms = await startCms({ port: base, dir });
  children.push(cms.child);
  const web = await startWeb({
    port: base + 1,
    cmsUrl: cms.url,
    buildDir,
    env: { RESUMABLE_UPLOAD_DIR: path.join(dir, "resumable") },
  });
  children.push(web.child);
  const proxy = await countingProxy(base + 1, base + 2);

  const photos = [];
  for (const quality of [88, 93, 97]) photos.push(await phonePhoto(quality));
  const video = paddedVideo(videoBytes);

  const { browser, context } = await launchPhone();
  const rows = [];
  try {
    const page = await context.newPage();
    await signInAsBenchStaff(page, proxy.url);

    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", PROFILE);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

    for (const [i, buffer] of photos.entries()) {
      const file = { name: `phone-${i + 1}.jpg`, path: path.join(dir, `phone-${i + 1}.jpg`), size: buffer.length };
      writeFileSync(file.path, buffer);
      const result = await save(page, cdp, proxy, { form: "/gallery/images/new", list: "/gallery/images", fileLabel: "Image file", file });
      rows.push({ what: `photo ${i + 1}, 4000x3000 JPEG`, size: buffer.length, ...result });
      console.log(rows.at(-1));
    }
    for (const drop of [false, true]) {
      const file = { name: "phone-video.mp4", path: path.join(dir, "phone-video.mp4"), size: video.length };
      writeFileSync(file.path, video);
      const result = await save(page, cdp, proxy, {
        form: "/gallery/videos/new",
        list: "/gallery/videos",
        fileLabel: "Video file",
        file,
        drop,
      });
      rows.push({ what: drop ? `video, 10 s drop at ${result.dropped} %` : "video, no drop", size: video.length, ...result });
      console.log(rows.at(-1));
    }
  } finally {
    await browser.close();
    proxy.server.close();
  }

  const machine = machineDescription();
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench:uploads\`: Chromium at 360 px, CPU 4x slower,`,
    `${(PROFILE.uploadThroughput * 8) / 1000} kbit/s up, ${(PROFILE.downloadThroughput * 8) / 1000} kbit/s down, ${PROFILE.latency} ms latency (CDP emulation), through the admin's forms against the production build;`,
    `bytes as the web server received them from the click on Save to the list page (request headers, the save and the next page included). Machine: ${machine.cpu}, load average ${machine.loadAverage}.`,
    "",
    "| upload | file | received by the server | of the file | upload done | saved |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.what} | ${(row.size / MB).toFixed(1)} MB | ${(row.uploaded / MB).toFixed(2)} MB | ${((row.uploaded / row.size) * 100).toFixed(1)} % | ${row.uploadSeconds.toFixed(0)} s | ${row.savedSeconds.toFixed(0)} s |`,
    ),
  ].join("\n");
  console.log(`\n${report}`);
  if (process.argv.includes("--docs")) writeDocsBlock("uploads", report);
}

try {
  await main();
} finally {
  await stopAll(children);
}
