import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploadsProxy } from "./uploads-proxy";

const FILE = Buffer.from("0123456789".repeat(1000));
let cms: http.Server;
let web: http.Server;
let base = "";

beforeAll(async () => {
  cms = http.createServer((req, res) => {
    if (req.url !== "/uploads/clip.mp4") return res.writeHead(404).end();
    const range = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? "");
    res.setHeader("content-type", "video/mp4");
    res.setHeader("accept-ranges", "bytes");
    res.setHeader("x-internal", "secret");
    if (range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      res.writeHead(206, { "content-range": `bytes ${start}-${end}/${FILE.length}` });
      return res.end(FILE.subarray(start, end + 1));
    }
    res.end(FILE);
  });
  await new Promise<void>((r) => cms.listen(0, "127.0.0.1", r));
  const app = express();
  app.use("/uploads", createUploadsProxy(`http://127.0.0.1:${(cms.address() as AddressInfo).port}/uploads`));
  web = app.listen(0, "127.0.0.1");
  await new Promise((r) => web.once("listening", r));
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(() => {
  web.close();
  cms.close();
});

describe("/uploads proxy", () => {
  it("streams the file with its type, and only safe headers", async () => {
    const res = await fetch(`${base}/uploads/clip.mp4`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("x-internal")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400, s-maxage=60");
    expect(Buffer.from(await res.arrayBuffer()).equals(FILE)).toBe(true);
  });

  it("passes range requests through (video seeking)", async () => {
    const res = await fetch(`${base}/uploads/clip.mp4`, { headers: { range: "bytes=10-19" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 10-19/${FILE.length}`);
    expect(await res.text()).toBe("0123456789");
  });

  it("answers 404 for missing files and refuses paths that climb out", async () => {
    expect((await fetch(`${base}/uploads/nope.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/a%00b`)).status).toBe(404);
  });

  it("allows only GET and HEAD", async () => {
    expect((await fetch(`${base}/uploads/clip.mp4`, { method: "POST" })).status).toBe(405);
  });

  it("answers 502 when the CMS is unreachable", async () => {
    const app = express();
    app.use("/uploads", createUploadsProxy("http://127.0.0.1:9/uploads"));
    const down = app.listen(0, "127.0.0.1");
    await new Promise((r) => down.once("listening", r));
    const res = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/uploads/a.jpg`);
    expect(res.status).toBe(502);
    down.close();
  });
});
