import http from "node:http";
import https from "node:https";
import type { Request, Response } from "express";
import { MEDIA_CACHE_CONTROL } from "~/lib/http-cache";

// Request headers worth passing on: conditional requests (304s) and ranges (video seeking).
const FORWARD_REQUEST_HEADERS = ["range", "if-none-match", "if-modified-since", "if-range", "accept"];
const FORWARD_RESPONSE_HEADERS = ["content-type", "content-length", "content-range", "accept-ranges", "etag", "last-modified"];

/**
 * Streams /uploads/* from `uploadsUrl` (the CMS's /uploads, or a public bucket's address) so that
 * media is same-origin and the browser never learns where it is stored. Bodies are piped, never
 * buffered: a 200 MB video costs the web server a few socket buffers, not 200 MB.
 */
export function createUploadsProxy(uploadsUrl: string, opts: { timeoutMs?: number } = {}) {
  const base = new URL(uploadsUrl);
  const client = base.protocol === "https:" ? https : http;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  return function uploadsProxy(req: Request, res: Response) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).end();
      return;
    }
    // req.url is the part after /uploads. Refuse anything that could climb out of it.
    const rest = req.url.split("?")[0] ?? "";
    if (!/^\/[A-Za-z0-9._\-/]+$/.test(rest) || rest.includes("..")) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of FORWARD_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const upstream = client.request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: `${base.pathname.replace(/\/$/, "")}${rest}`,
        headers,
        timeout: timeoutMs,
      },
      (upstreamRes) => {
        const status = upstreamRes.statusCode ?? 502;
        if (status >= 400 && status !== 416) {
          upstreamRes.resume();
          res
            .status(status === 404 ? 404 : 502)
            .type("text/plain")
            .send(status === 404 ? "Not found" : "Bad gateway");
          return;
        }
        res.status(status);
        for (const name of FORWARD_RESPONSE_HEADERS) {
          const value = upstreamRes.headers[name];
          if (value !== undefined) res.setHeader(name, value);
        }
        res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
        // A user-uploaded file must never run as a page of this origin.
        res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        upstreamRes.pipe(res);
      },
    );
    upstream.on("timeout", () => upstream.destroy(new Error("upstream timeout")));
    upstream.on("error", () => {
      if (!res.headersSent) res.status(502).type("text/plain").send("Bad gateway");
      else res.destroy();
    });
    // Stop reading upstream when the visitor goes away (scrolling past a video).
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end();
  };
}
