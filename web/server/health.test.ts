import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReadiness, liveness } from "./health";

// A stand-in CMS whose readiness each test sets: ready, not ready (503), or silent.
let cmsState: "ready" | "not-ready" | "silent" = "ready";
const cms = http.createServer((_req, res) => {
  if (cmsState === "silent") return;
  res.writeHead(cmsState === "ready" ? 200 : 503, { "content-type": "application/json" }).end("{}");
});
let copies = 0;
let warming = false;
const app = express();
app.get("/_health", liveness);
let web: http.Server;
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => cms.listen(0, "127.0.0.1", resolve));
  const cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  app.get("/readyz", createReadiness({ cmsReadyUrl: `${cmsUrl}/_ready`, copies: () => copies, warming: () => warming, timeoutMs: 200 }));
  web = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => web.once("listening", resolve));
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(() => {
  cms.closeAllConnections();
  cms.close();
  web.close();
});

const ready = async () => {
  const response = await fetch(`${base}/readyz`);
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
};

describe("health checks", () => {
  it("/_health answers while the process runs, whatever the CMS does", async () => {
    cmsState = "silent";
    const response = await fetch(`${base}/_health`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("/readyz is ready when the CMS is, or when there are copies to serve without it", async () => {
    cmsState = "ready";
    copies = 0;
    expect(await ready()).toEqual({ status: 200, cacheControl: "no-store", body: { ready: true, warming: false, cms: "up", copies: 0 } });
    for (const state of ["not-ready", "silent"] as const) {
      cmsState = state;
      copies = 0;
      expect(await ready(), state).toMatchObject({ status: 503, body: { ready: false, cms: "down", copies: 0 } });
      copies = 12;
      expect(await ready(), state).toMatchObject({ status: 200, body: { ready: true, cms: "down", copies: 12 } });
    }
  });

  it("/readyz is not ready while the main pages are being rendered after start", async () => {
    cmsState = "ready";
    copies = 3;
    warming = true;
    expect(await ready()).toMatchObject({ status: 503, body: { ready: false, warming: true, cms: "up" } });
    warming = false;
    expect(await ready()).toMatchObject({ status: 200, body: { ready: true, warming: false } });
  });
});
