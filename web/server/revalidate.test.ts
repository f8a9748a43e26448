import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRevalidateCall, createRevalidateHandler } from "./revalidate";

const SECRET = "test-secret";
const sign = (body: string, secret = SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const body = (at: number) => JSON.stringify({ uid: "api::blog.blog", action: "update", at });

describe("checkRevalidateCall", () => {
  const now = 1_800_000_000_000;

  it("accepts a fresh call signed with the shared secret", () => {
    const raw = body(now - 500);
    expect(checkRevalidateCall(Buffer.from(raw), sign(raw), SECRET, now)).toEqual({
      ok: true,
      uid: "api::blog.blog",
      action: "update",
      at: now - 500,
    });
  });

  it("refuses a missing or malformed signature (401) and a wrong one (403)", () => {
    const raw = body(now);
    expect(checkRevalidateCall(Buffer.from(raw), undefined, SECRET, now)).toMatchObject({ ok: false, status: 401 });
    expect(checkRevalidateCall(Buffer.from(raw), "sha256=abc", SECRET, now)).toMatchObject({ ok: false, status: 401 });
    expect(checkRevalidateCall(Buffer.from(raw), sign(raw, "other"), SECRET, now)).toMatchObject({ ok: false, status: 403 });
    // Signed, then changed on the way.
    expect(checkRevalidateCall(Buffer.from(body(now + 1)), sign(raw), SECRET, now)).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses calls more than a minute old (a replay) or from the future", () => {
    const old = body(now - 61_000);
    expect(checkRevalidateCall(Buffer.from(old), sign(old), SECRET, now)).toMatchObject({ ok: false, status: 403 });
    const future = body(now + 61_000);
    expect(checkRevalidateCall(Buffer.from(future), sign(future), SECRET, now)).toMatchObject({ ok: false, status: 403 });
    const noTime = JSON.stringify({ uid: "x" });
    expect(checkRevalidateCall(Buffer.from(noTime), sign(noTime), SECRET, now)).toMatchObject({ ok: false, status: 400 });
  });
});

describe("POST /_internal/revalidate", () => {
  let invalidations = 0;
  let lastUid: string | undefined;
  let base = "";
  let baseNoSecret = "";
  const servers: import("node:http").Server[] = [];

  beforeAll(async () => {
    const listen = async (secret: string | undefined) => {
      const app = express();
      app.use("/_internal/revalidate", createRevalidateHandler({ secret, invalidate: (_at, uid) => (invalidations++, (lastUid = uid)) }));
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      servers.push(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/_internal/revalidate`;
    };
    base = await listen(SECRET);
    baseNoSecret = await listen(undefined);
  });
  afterAll(() => {
    for (const server of servers) server.close();
  });

  const post = (url: string, raw: string, signature?: string) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "x-cms-signature": signature } : {}) },
      body: raw,
    });

  it("marks the changed content's copies out of date on a good call (204), and only then", async () => {
    const raw = body(Date.now());
    const before = invalidations;
    expect((await post(base, raw, sign(raw))).status).toBe(204);
    expect(invalidations).toBe(before + 1);
    expect(lastUid).toBe("api::blog.blog");
    expect((await post(base, raw)).status).toBe(401);
    expect((await post(base, raw, sign(raw, "guess"))).status).toBe(403);
    const stale = body(Date.now() - 120_000);
    expect((await post(base, stale, sign(stale))).status).toBe(403);
    expect(invalidations).toBe(before + 1);
  });

  it("does not exist without a shared secret, and takes only POST", async () => {
    const raw = body(Date.now());
    expect((await post(baseNoSecret, raw, sign(raw))).status).toBe(404);
    expect((await fetch(base)).status).toBe(405);
  });
});
