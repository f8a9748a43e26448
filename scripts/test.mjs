#!/usr/bin/env node
// `npm test`: every test suite in turn (CMS unit + API tests, web unit tests, browser tests),
// then one summary line. `--postgres` runs the CMS API suite on PostgreSQL (TEST_POSTGRES_URL).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { cmsDir, webDir } from "./lib/paths.mjs";

const postgres = process.argv.includes("--postgres");
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);

const hasScript = (dir, name) =>
  existsSync(path.join(dir, "package.json")) && Boolean(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).scripts?.[name]);

const suites = [
  { name: postgres ? "cms (PostgreSQL)" : "cms", dir: cmsDir, script: "test", env: postgres ? { TEST_DATABASE: "postgres" } : {} },
  ...(postgres
    ? []
    : [
        { name: "web", dir: webDir, script: "test", env: {} },
        { name: "web e2e", dir: webDir, script: "test:e2e", env: {} },
      ]),
].filter((suite) => !only || suite.name.startsWith(only));

// Counts from the runners' own summaries (Vitest: "Tests  2 failed | 40 passed"; Playwright: "40 passed").
const countsFrom = (output) => {
  // eslint-disable-next-line no-control-regex -- strips terminal colour codes
  const clean = output.replace(/\x1b\[[0-9;]*m/g, "");
  // A suite may run Vitest more than once: add up every summary.
  const vitest = [...clean.matchAll(/^\s*Tests\s+(.*)$/gm)].map((match) => match[1]);
  const lines = vitest.length > 0 ? vitest : clean.split("\n").filter((l) => /^\s*\d+ (passed|failed|flaky)/.test(l));
  const grab = (word) => lines.reduce((sum, line) => sum + Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0), 0);
  return { passed: grab("passed"), failed: grab("failed"), failures: failuresIn(clean) };
};

// The failed tests by name, for the summary (the end of a long log is often all that is kept):
// Vitest's "FAIL  tests/a.test.ts > group > test" lines, and the test lines Playwright lists
// under "N failed" (its flaky ones passed on a retry and are not failures).
const failuresIn = (clean) => {
  const vitest = [...clean.matchAll(/^\s*FAIL\s+(\S+\.test\.ts.*)$/gm)].map((match) => match[1].trim());
  const playwright = [...clean.matchAll(/^\s*\d+ failed\n((?:\s{4,}\S.*\n?)+)/gm)].flatMap((match) =>
    match[1]
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return [...new Set([...vitest, ...playwright])];
};

const run = (suite) =>
  new Promise((resolve) => {
    console.log(`\n=== ${suite.name}: npm run ${suite.script} ===`);
    const child = spawn("npm", ["run", suite.script], {
      cwd: suite.dir,
      env: { ...process.env, ...suite.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on("exit", (code) => resolve({ ...suite, code, ...countsFrom(output) }));
  });

const results = [];
for (const suite of suites) {
  if (!hasScript(suite.dir, suite.script)) continue;
  results.push(await run(suite));
}

console.log("\n=== summary ===");
for (const result of results) {
  console.log(`${result.code === 0 ? "ok  " : "FAIL"} ${result.name}: ${result.passed} passed, ${result.failed} failed`);
  for (const failure of result.failures) console.log(`       failed: ${failure}`);
}
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const broken = results.some((result) => result.code !== 0);
console.log(`${passed} passed, ${failed + (broken && failed === 0 ? 1 : 0)} failed`);
process.exit(broken ? 1 : 0);
