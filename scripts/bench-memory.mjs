#!/usr/bin/env node
// `npm run bench:memory`: boot times and memory under a large upload.
// - CMS boot to ready (spawn to /_health), on a fresh database (it seeds) and on a seeded one;
//   web boot to ready (spawn to /_health), three times.
// - A 200 MB video uploaded by a signed-in member of staff through the web app
//   (POST /admin/save/video, streamed like the admin form does) to the CMS, while the resident
//   memory of both processes is sampled every 20 ms: how far each rises above where it was.
// Prints a Markdown report; `--docs` writes it into docs/performance.md.
// Env: BENCH_UPLOAD_BYTES (200000000), BENCH_PORT_BASE (4300).
import { createReadStream, openSync, closeSync, readFileSync, writeSync, ftruncateSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  benchStaff,
  ensureBenchBuilds,
  freshScratch,
  machineDescription,
  memoryOf,
  startCms,
  startWeb,
  stopAll,
  writeDocsBlock,
} from "./lib/bench-stack.mjs";
import { webDir } from "./lib/paths.mjs";

const uploadBytes = Number(process.env.BENCH_UPLOAD_BYTES ?? 200_000_000);
const base = Number(process.env.BENCH_PORT_BASE ?? 4300);
const MiB = 1024 * 1024;
const mb = (bytes) => `${(bytes / MiB).toFixed(0)} MiB`;
const children = [];

/** A file the CMS takes for an MP4 (its first bytes are a real clip's), padded to `bytes`. */
function makeVideo(file, bytes) {
  const clip = readFileSync(path.join(webDir, "e2e", "admin", "fixtures", "clip.mp4"));
  const fd = openSync(file, "w");
  writeSync(fd, clip);
  ftruncateSync(fd, bytes); // the rest: zeros, written sparsely
  closeSync(fd);
}

/** Signs in through the web app's login form, as staff do; returns the session cookie. */
async function login(webUrl) {
  const response = await fetch(`${webUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: webUrl },
    body: new URLSearchParams({ email: benchStaff.email, password: benchStaff.password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`login failed: HTTP ${response.status}`);
  return cookie.split(";")[0];
}

/** POST multipart to the admin's upload endpoint, the file streamed from disk. */
function upload(webUrl, cookie, file, fields) {
  const boundary = `----bench${Date.now().toString(16)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL("/admin/save/video", webUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          cookie,
          origin: webUrl,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + uploadBytes + tail.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (c) => chunks.push(c));
        response.on("end", () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    request.on("error", reject);
    request.write(head);
    const stream = createReadStream(file);
    stream.on("error", reject);
    stream.on("end", () => request.end(tail));
    stream.pipe(request, { end: false });
  });
}

try {
  const buildDir = ensureBenchBuilds();
  const dir = freshScratch("bench-memory");

  console.log("[memory] CMS boots...");
  const cmsPort = base;
  const boots = [];
  let cms = await startCms({ port: cmsPort, dir });
  boots.push({ what: "CMS, empty database (creates the schema, seeds the demo content)", ms: cms.bootMs });
  for (let i = 0; i < 2; i++) {
    await stopAll([cms.child]);
    cms = await startCms({ port: cmsPort, dir });
    boots.push({ what: `CMS, seeded database (run ${i + 1})`, ms: cms.bootMs });
  }
  children.push(cms.child);

  console.log("[memory] web boots...");
  let web;
  for (let i = 0; i < 3; i++) {
    if (web) await stopAll([web.child]);
    web = await startWeb({ port: base + 1, cmsUrl: cms.url, buildDir });
    boots.push({ what: `web (run ${i + 1})`, ms: web.bootMs });
  }
  children.push(web.child);
  // Something served first, as in real life (and the login below).
  for (const p of ["/", "/blogs", "/gallery"]) await (await fetch(`${web.url}${p}`)).arrayBuffer();

  const video = path.join(dir, "video.mp4");
  makeVideo(video, uploadBytes);
  const cookie = await login(web.url);

  const processes = { web: web.child.pid, cms: cms.child.pid };
  const before = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, memoryOf(pid)]));
  const peakRss = { web: before.web.rss, cms: before.cms.rss };
  const sampler = setInterval(() => {
    for (const [name, pid] of Object.entries(processes)) peakRss[name] = Math.max(peakRss[name], memoryOf(pid).rss);
  }, 20);
  console.log(`[memory] uploading ${uploadBytes / 1e6} MB through the web app...`);
  const started = performance.now();
  const result = await upload(web.url, cookie, video, {
    title: `Bench video ${Date.now()}`,
    description: "A 200 MB upload, to measure memory.",
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, memoryOf(pid)]));
  if (result.status !== 200 || !JSON.parse(result.body).ok)
    throw new Error(`upload failed: HTTP ${result.status} ${result.body.slice(0, 300)}`);
  const stored = (await (await fetch(`${cms.url}/api/video-gallery`)).json()).results.find((v) => v.title.startsWith("Bench video"));
  const size = stored ? Number((await fetch(new URL(stored.mediaUrl, cms.url), { method: "HEAD" })).headers.get("content-length")) : 0;
  if (size !== uploadBytes) throw new Error(`the CMS stored ${size} bytes, not ${uploadBytes}`);
  await stopAll(children);

  const machine = machineDescription();
  const row = (name) => {
    const rise = peakRss[name] - before[name].rss;
    return `| ${name === "web" ? "web" : "CMS"} | ${mb(before[name].rss)} | ${mb(peakRss[name])} | **${mb(rise)}** | ${mb(before[name].peak)} -> ${mb(after[name].peak)} | ${rise < 64 * MiB ? "yes" : "NO"} |`;
  };
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench:memory\` on ${machine.cpu}, ${machine.memory}, Node ${machine.node} (load average ${machine.loadAverage}).`,
    "",
    "| boot to ready | time |",
    "| --- | ---: |",
    ...boots.map((b) => `| ${b.what} | ${(b.ms / 1000).toFixed(2)} s |`),
    "",
    `Upload of a ${uploadBytes / 1e6} MB (${mb(uploadBytes)}) video by a signed-in member of staff, through the web app to the CMS (${seconds.toFixed(1)} s over loopback; the CMS stored all ${uploadBytes} bytes). Resident memory sampled every 20 ms:`,
    "",
    "| process | RSS before | highest RSS during | rise | peak RSS (VmHWM) before -> after | rise < 64 MiB |",
    "| --- | ---: | ---: | ---: | ---: | :---: |",
    row("web"),
    row("cms"),
  ].join("\n");
  console.log(`\n${report}\n`);
  if (process.argv.includes("--docs")) {
    writeDocsBlock("memory", report);
    console.log("[memory] figures written to docs/performance.md");
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll(children);
}
