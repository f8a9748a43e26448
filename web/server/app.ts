import type { ServerBuild } from "react-router";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { env } from "~/lib/env.server";
import { contentSecurityPolicy, createNonce, STATIC_SECURITY_HEADERS } from "./security";
import { createUploadsProxy } from "./uploads-proxy";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce of this request, for <Scripts>, <ScrollRestoration> and inline data. */
    nonce: string;
    /** The visitor's address (socket address unless express's trust proxy says otherwise):
     * the admin login passes it to the CMS so failed logins are limited per visitor. */
    clientIp?: string;
  }
}

export { env };

const isBuilt = import.meta.env.PROD;
const https = env.PUBLIC_SITE_URL.startsWith("https:");

export const app = express();
app.disable("x-powered-by");

app.use((_req, res, next) => {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  const nonce = createNonce();
  res.locals.nonce = nonce;
  // Vite's dev server injects its own inline scripts, so the CSP is sent only by the build.
  if (isBuilt) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { https }));
  next();
});

// Before compression: media is already compressed and ranges must pass through untouched.
app.use("/uploads", createUploadsProxy(env.CMS_URL));

app.use(compression());

if (isBuilt) {
  // build/server/index.js -> build/client
  const clientDir = fileURLToPath(new URL("../client", import.meta.url));
  // Fingerprinted file names: cache forever.
  app.use(
    "/assets",
    express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
}

app.get("/healthz", (_req, res) => {
  res.type("text/plain").setHeader("Cache-Control", "no-store").send("ok");
});

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    getLoadContext: (req, res) => ({
      nonce: String(res.locals.nonce ?? ""),
      clientIp: req.ip ?? req.socket.remoteAddress,
    }),
  }),
);
