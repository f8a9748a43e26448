// `npm run bench`'s Markdown part: how long the site's renderer (web/app/lib/markdown/render.server.ts:
// markdown-it, sanitize-html and the plain text, as the workers run it) takes on each family of
// pathological input (scripts/lib/markdown-patterns.mjs) at 1,000, 10,000 and 100,000 characters,
// the blog content's maximum length. Linear time shows as a ratio near 10 between 100k and 10k.
// Runs in a child process of its own, so the figures are that process's CPU time alone.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { machineDescription } from "./bench-stack.mjs";
import { markdownPattern, markdownPatternFamilies } from "./markdown-patterns.mjs";
import { repoRoot, webDir } from "./paths.mjs";

const SIZES = [1_000, 10_000, 100_000];
/** Four times the field's limit, for the slowest families: growth measured on large times, where GC and timer noise matter least. */
const BEYOND = 400_000;
const BEYOND_FAMILIES = 5;
const RUNS = 3;
/** The web server's default time limit for one rendering (MARKDOWN_RENDER_TIMEOUT_MS). */
const LIMIT_MS = 2000;
/** Below this the ratio is mostly noise (timer resolution, GC). */
const RATIO_FLOOR_MS = 10;

const outDir = path.join(repoRoot, ".test-tmp", "bench");

/** The renderer bundled on its own (as the Vite plugin bundles it for the workers), as an ES module. */
function bundleRenderer() {
  const esbuild = createRequire(path.join(webDir, "package.json"))("esbuild");
  const file = path.join(outDir, "markdown-render.mjs");
  mkdirSync(outDir, { recursive: true });
  esbuild.buildSync({
    absWorkingDir: webDir,
    entryPoints: ["app/lib/markdown/render.server.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: file,
    tsconfig: "tsconfig.json",
    logLevel: "error",
    // sanitize-html's dependencies are CommonJS: give the bundle a require.
    banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
  });
  return file;
}

/** In the child: CPU ms of each family at each size (median of RUNS). */
async function measure(rendererFile) {
  const { renderMarkdownHere } = await import(pathToFileURL(rendererFile).href);
  for (let i = 0; i < 50; i++)
    renderMarkdownHere(`# Warm-up ${i}\n\nSome *text*, a [link](https://example.org) and a | table |\n|---|\n| row |`);
  const rows = [];
  for (const family of markdownPatternFamilies) {
    const row = { family, ms: {}, chars: {}, htmlChars: 0 };
    for (const size of SIZES) {
      const source = markdownPattern(family, size);
      row.ms[size] = medianMs(source, renderMarkdownHere);
      row.chars[size] = source.length;
      if (size === SIZES.at(-1)) row.htmlChars = renderMarkdownHere(source).html.length;
    }
    rows.push(row);
    process.stderr.write(".");
  }
  const slowest = [...rows].sort((a, b) => b.ms[SIZES.at(-1)] - a.ms[SIZES.at(-1)]).slice(0, BEYOND_FAMILIES);
  for (const row of slowest) row.ms[BEYOND] = medianMs(markdownPattern(row.family, BEYOND), renderMarkdownHere);
  process.stdout.write(JSON.stringify(rows));
}

function medianMs(source, render) {
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const before = process.cpuUsage();
    render(source);
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

/** Runs the measurement in a child process; answers the Markdown report. */
export function benchMarkdown() {
  console.log("[bench] Markdown: bundling the renderer, then 81 families x 1k/10k/100k characters...");
  const machine = machineDescription();
  const rendererFile = bundleRenderer();
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), rendererFile], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (child.status !== 0) throw new Error(`the Markdown benchmark failed (exit ${child.status})`);
  console.log("");
  const rows = JSON.parse(child.stdout);
  writeFileSync(path.join(outDir, "markdown.json"), JSON.stringify(rows, null, 2));
  return report(rows, machine);
}

function report(rows, machine) {
  const [small, medium, large] = SIZES;
  const ratio = (row) => (row.ms[medium] >= RATIO_FLOOR_MS / 10 ? row.ms[large] / row.ms[medium] : null);
  const byLarge = [...rows].sort((a, b) => b.ms[large] - a.ms[large]);
  const worst = byLarge[0];
  const measurable = rows.filter((row) => row.ms[large] >= RATIO_FLOOR_MS && ratio(row) !== null);
  const steepest = [...measurable].sort((a, b) => ratio(b) - ratio(a))[0];
  const overLimit = rows.filter((row) => row.ms[large] > LIMIT_MS);
  const fmt = (ms) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));
  const table = [
    `| family | 1k ms | 10k ms | 100k ms | 100k / 10k | HTML at 100k (KB) |`,
    `| --- | ---: | ---: | ---: | ---: | ---: |`,
    ...byLarge
      .slice(0, 15)
      .map(
        (row) =>
          `| ${row.family} | ${fmt(row.ms[small])} | ${fmt(row.ms[medium])} | ${fmt(row.ms[large])} | ${ratio(row) === null ? "-" : ratio(row).toFixed(1)} | ${Math.round(row.htmlChars / 1000)} |`,
      ),
  ].join("\n");
  const total = rows.reduce((sum, row) => sum + row.ms[large], 0);
  const beyond = rows
    .filter((row) => row.ms[BEYOND] !== undefined)
    .map((row) => ({ family: row.family, ratio: row.ms[BEYOND] / row.ms[large] }));
  const steepestBeyond = beyond.sort((a, b) => b.ratio - a.ratio)[0];
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench\` (\`scripts/lib/bench-markdown.mjs\`): CPU time of one rendering (markdown-it, sanitize-html, plain text), median of ${RUNS}, in a process of its own; the ${byLarge.length >= 15 ? 15 : byLarge.length} slowest of ${rows.length} families at 100,000 characters (all of them in \`.test-tmp/bench/markdown.json\`).`,
    "",
    `Machine: ${machine.cpu}, Node ${machine.node}; load average at start ${machine.loadAverage}.`,
    "",
    table,
    "",
    `- Worst case at 100,000 characters: ${worst.family}, ${fmt(worst.ms[large])} ms (limit ${LIMIT_MS} ms, MARKDOWN_RENDER_TIMEOUT_MS); ${overLimit.length} of ${rows.length} families over the limit; all ${rows.length} at 100k together ${(total / 1000).toFixed(1)} s.`,
    `- Growth from 10k to 100k characters (10x the input): at most ${steepest ? `${ratio(steepest).toFixed(1)}x (${steepest.family})` : "-"} among the ${measurable.length} families that take at least ${RATIO_FLOOR_MS} ms at 100k; linear is 10x, quadratic 100x (below ~50 ms, garbage collection and warm-up weigh in).`,
    `- Past the limit, the ${beyond.length} slowest families at ${BEYOND / 1000}k characters (4x): at most ${steepestBeyond.ratio.toFixed(1)}x the 100k time (${steepestBeyond.family}); linear is 4x, quadratic 16x.`,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await measure(process.argv[2]);
