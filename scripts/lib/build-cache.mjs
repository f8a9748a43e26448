import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const listFiles = (dir) => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(full);
      // Tests are not part of a build: editing them must not trigger one.
      return entry.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(entry.name) ? [full] : [];
    })
    .sort();
};

/** Hash of the sources a build depends on: content, not timestamps (a fresh clone has new mtimes). */
export function sourceHash(root, inputs) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    const full = path.join(root, input);
    const files = existsSync(full) && statSync(full).isDirectory() ? listFiles(full) : existsSync(full) ? [full] : [];
    for (const file of files) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

/** Runs `command` in `root` unless `stampFile` says the same sources were built already. */
export function buildIfStale({ name, root, inputs, stampFile, command, args, env }) {
  const hash = sourceHash(root, inputs);
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === hash) return false;
  console.log(`[build] building ${name} (sources changed or never built)...`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`[build] ${name} build failed (exit ${result.status})`);
  writeFileSync(stampFile, `${hash}\n`);
  console.log(`[build] ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
