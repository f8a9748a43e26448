// Starts the web server: in development through Vite (hot reload), otherwise from the
// production build (`npm run build`). The Express app itself lives in server/app.ts.
import http from "node:http";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV === "development" || process.argv.includes("--dev");
// React's server renderer picks its slow development build unless told otherwise.
process.env.NODE_ENV ??= DEVELOPMENT ? "development" : "production";
const BUILD_PATH = `./${process.env.WEB_BUILD_DIR ?? "build"}/server/index.js`;

/** @type {{ PORT: number, HOST: string }} */
let env;
/** @type {import("node:http").ServerOptions} */
let serverOptions;
/** @type {import("node:http").RequestListener} */
let handle;
/** @type {((origin: string) => Promise<void>) | undefined} */
let warmUpCaches;
/** @type {{ start(): void, stop(): Promise<void> }} */
let markdownWorkers;

if (DEVELOPMENT) {
  const server = express();
  server.disable("x-powered-by");
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  ({ env, serverOptions, markdownWorkers } = await viteDevServer.ssrLoadModule("./server/app.ts"));
  server.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  handle = server;
} else {
  let mod;
  try {
    mod = await import(BUILD_PATH);
  } catch (error) {
    if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("/server/index.js")) {
      console.error("No production build found. Run `npm run build` in web/ first.");
    } else {
      // Most often: invalid environment (see app/lib/env.server.ts). Fail fast, no stack.
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }
  ({ env, serverOptions, markdownWorkers } = mod);
  // Fresh cached pages first, then the Express app (server/app.ts).
  handle = mod.handle;
  warmUpCaches = mod.warmUpCaches;
}

// Blog Markdown renders on worker threads (app/lib/markdown/): started before the first request.
markdownWorkers.start();

// Headers and non-upload bodies must arrive quickly; a whole upload (a 200 MB video over a
// slow connection) may take up to UPLOAD_TIMEOUT_MS (server/http-server.ts, request-limits.ts).
const listener = http.createServer(serverOptions, handle).listen(env.PORT, env.HOST, () => {
  console.log(`web listening on http://${env.HOST}:${env.PORT}`);
  // The first visitors after a (re)start find the main pages cached (server/warm-up.ts).
  const host = env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST === "::" ? "[::1]" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  void warmUpCaches?.(`http://${host}:${env.PORT}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => listener.close(() => void markdownWorkers.stop().finally(() => process.exit(0))));
}
