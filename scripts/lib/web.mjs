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
    // server/ is bundled into the build too (the Express app); server.js only loads the build. The
    // contract's rules are the CMS's own files (`@contract/*`), built into the web app as well.
    inputs: [
      "app",
      "server",
      "public",
      "package.json",
      "vite.config.ts",
      "vite-plugins.ts",
      "react-router.config.ts",
      "tsconfig.json",
      "../cms/src/contract/shared",
    ],
    stampFile: path.join(webDir, "build", ".build-hash"),
    command: "npm",
    args: ["run", "build"],
    env: { NODE_ENV: "production" },
  });
}

/**
 * COOKIE_SECURE for the web app `npm start` runs (undefined: the web app's own default, Secure in
 * production). Its production build is served over plain http on this machine, where a Secure
 * cookie could not be set, unless NODE_ENV=production says this is the real site (behind https):
 * there the staff cookie must be Secure. A COOKIE_SECURE the operator sets wins.
 */
export function startCookieSecure(env = process.env) {
  if (env.COOKIE_SECURE) return env.COOKIE_SECURE;
  return env.NODE_ENV === "production" ? undefined : "false";
}

export function spawnWeb(env = {}, options = {}) {
  return spawn(process.execPath, ["server.js", ...(options.dev ? ["--dev"] : [])], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: options.dev ? "development" : "production", ...env },
    stdio: options.stdio ?? "inherit",
  });
}
