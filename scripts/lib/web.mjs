import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildIfStale } from "./build-cache.mjs";
import { webDir } from "./paths.mjs";

export const webExists = () => existsSync(path.join(webDir, "server.js"));

export function ensureWebBuilt() {
  if (!webExists()) return false;
  return buildIfStale({
    name: "web",
    root: webDir,
    // server/ is bundled into the build too (the Express app); server.js only loads the build.
    inputs: ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"],
    stampFile: path.join(webDir, "build", ".build-hash"),
    command: "npm",
    args: ["run", "build"],
    env: { NODE_ENV: "production" },
  });
}

export function spawnWeb(env = {}, options = {}) {
  return spawn(process.execPath, ["server.js", ...(options.dev ? ["--dev"] : [])], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: options.dev ? "development" : "production", ...env },
    stdio: options.stdio ?? "inherit",
  });
}
