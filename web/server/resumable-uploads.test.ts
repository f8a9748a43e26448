import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { FileStore } from "@tus/file-store";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { finishedUpload, removeUpload } from "~/lib/admin/resumable-uploads.server";
import { createResumableUploads, refusalOf } from "./resumable-uploads";

const LIMITS = { imageMaxBytes: 1000, videoMaxBytes: 5000, imageMaxPixels: 1_000_000 };
let dir = "";
let store: FileStore;
let server: http.Server;
let base = "";
let uploads: ReturnType<typeof createResumableUploads>;

// A stand-in for the session: `Cookie: user=<id>` (the real server asks requireStaff).
const userOf = async (req: express.Request) => Number(/user=(\d+)/.exec(req.headers.cookie ?? "")?.[1] ?? 0) || null;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "resumable-uploads-test-"));
  // An upload expires a minute after it began; the clean-up test backdates one.
  store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: 60_000 });
  uploads = createResumableUploads({
    path: "/admin/uploads",
    store,
    limits: () => LIMITS,
    userOf,
    isSameOrigin: (req) => req.headers.origin === undefined || req.headers.origin === base,
  });
  const app = express();
  app.all("/admin/uploads{/:id}", uploads.handler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { force: true });
});

const b64 = (text: string) => Buffer.from(text).toString("base64");
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(",");

async function create(user: number | null, { size = 3000, filename = "clip.mp4", filetype = "video/mp4", kind = "video" } = {}) {
  return fetch(`${base}/admin/uploads`, {
    method: "POST",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(size),
      "Upload-Metadata": metadata({ filename, filetype, kind }),
      Origin: base,
      ...(user ? { Cookie: `user=${user}` } : {}),
    },
  });
}

const patch = (location: string, user: number, offset: number, body: Buffer) =>
  fetch(`${base}${location}`, {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      Origin: base,
      Cookie: `user=${user}`,
    },
    body: new Uint8Array(body),
  });

const head = (location: string, user: number) =>
  fetch(`${base}${location}`, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0", Cookie: `user=${user}` } });

describe("resumable admin uploads", () => {
  it("creates an upload named after its owner, goes on from what arrived, and hands the finished file to the save", async () => {
    const created = await create(7);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/uploads\/u7-[0-9a-f]{32}$/);
    const id = location.split("/").pop()!;

    const data = Buffer.alloc(3000, 1);
    expect((await patch(location, 7, 0, data.subarray(0, 1200))).headers.get("upload-offset")).toBe("1200");
    // The connection dropped: the browser asks how much arrived and sends only the rest.
    expect((await head(location, 7)).headers.get("upload-offset")).toBe("1200");
    expect(await finishedUpload(7, id, store)).toBeNull();
    expect((await patch(location, 7, 1200, data.subarray(1200))).status).toBe(204);

    const finished = await finishedUpload(7, id, store);
    expect(finished).toMatchObject({ size: 3000, type: "video/mp4", name: "clip.mp4" });
    expect(path.dirname(finished!.path)).toBe(dir);
    // Nobody else's save may use it.
    expect(await finishedUpload(8, id, store)).toBeNull();
    await removeUpload(7, id, store);
    expect(await finishedUpload(7, id, store)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it("answers 404 to another person's upload id, as to an unknown one", async () => {
    const location = (await create(7)).headers.get("location")!;
    expect((await head(location, 8)).status).toBe(404);
    expect((await patch(location, 8, 0, Buffer.alloc(10))).status).toBe(404);
    const deleted = await fetch(`${base}${location}`, {
      method: "DELETE",
      headers: { "Tus-Resumable": "1.0.0", Cookie: "user=8", Origin: base },
    });
    expect(deleted.status).toBe(404);
    expect((await head(location, 7)).headers.get("upload-offset")).toBe("0");
    expect((await head(`/admin/uploads/u7-${"0".repeat(32)}`, 7)).status).toBe(404);
  });

  it("refuses a request without a session (401) and one from another site (403)", async () => {
    const anonymous = await create(null);
    expect(anonymous.status).toBe(401);
    const foreign = await fetch(`${base}/admin/uploads`, {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10", Origin: "https://evil.example", Cookie: "user=7" },
    });
    expect(foreign.status).toBe(403);
    expect(await readdir(dir)).toEqual([]);
  });

  it("answers 405 to GET and other methods, and refuses a method override", async () => {
    const location = (await create(7)).headers.get("location")!;
    for (const method of ["GET", "PUT"]) {
      const res = await fetch(`${base}${location}`, { method, headers: { Cookie: "user=7" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, HEAD, PATCH, DELETE");
    }
    const overridden = await fetch(`${base}${location}`, {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "X-HTTP-Method-Override": "PATCH", Cookie: "user=7", Origin: base },
    });
    expect(overridden.status).toBe(400);
  });

  it("refuses files over the form's limits, of a type the form refuses, or without a declared length", async () => {
    expect((await create(7, { size: 5001 })).status).toBe(413);
    expect((await create(7, { size: 1001, filename: "a.jpg", filetype: "image/jpeg", kind: "image" })).status).toBe(413);
    expect((await create(7, { filename: "a.exe", filetype: "application/x-msdownload" })).status).toBe(415);
    expect((await create(7, { filename: "a.mp4", filetype: "video/mp4", kind: "image" })).status).toBe(415);
    expect((await create(7, { kind: "document" })).status).toBe(400);
    const deferred = await fetch(`${base}/admin/uploads`, {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Defer-Length": "1",
        "Upload-Metadata": metadata({ filename: "a.mp4", filetype: "video/mp4", kind: "video" }),
        Cookie: "user=7",
        Origin: base,
      },
    });
    expect(deferred.status).toBe(400);
    // Bytes past the declared length are refused too.
    const location = (await create(7, { size: 10 })).headers.get("location")!;
    expect((await patch(location, 7, 0, Buffer.alloc(11))).status).toBe(413);
    expect(await readdir(dir)).toHaveLength(2);
  });

  it("allows 3 unfinished uploads per person (429 for a fourth), and finished ones do not count", async () => {
    const first = (await create(7, { size: 10 })).headers.get("location")!;
    expect((await create(7)).status).toBe(201);
    expect((await create(7)).status).toBe(201);
    expect((await create(7)).status).toBe(429);
    // Someone else is not held up.
    expect((await create(8)).status).toBe(201);
    expect((await patch(first, 7, 0, Buffer.alloc(10))).status).toBe(204);
    expect((await create(7)).status).toBe(201);
  });

  it("removes unfinished uploads past their expiry", async () => {
    const location = (await create(7)).headers.get("location")!;
    const id = location.split("/").pop()!;
    expect(await uploads.cleanUpExpired()).toBe(0);
    // The FileStore judges age by the creation date it recorded: make it two days old.
    const { readFile, writeFile } = await import("node:fs/promises");
    const info = JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as { creation_date: string };
    info.creation_date = new Date(Date.now() - 2 * 24 * 3_600_000).toISOString();
    await writeFile(path.join(dir, `${id}.json`), JSON.stringify(info));
    await utimes(path.join(dir, id), new Date(), new Date());
    expect(await uploads.cleanUpExpired()).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("refusalOf", () => {
  it("accepts a photo and a video within their limits", () => {
    expect(refusalOf({ type: "image/jpeg", name: "a.jpg", kind: "image", size: 1000 }, LIMITS)).toBeNull();
    expect(refusalOf({ type: "video/mp4", name: "a.mp4", kind: "video", size: 5000 }, LIMITS)).toBeNull();
  });

  it("refuses a name with a path or control characters, and an empty file", () => {
    expect(refusalOf({ type: "image/jpeg", name: "../a.jpg", kind: "image", size: 10 }, LIMITS)?.status_code).toBe(400);
    expect(refusalOf({ type: "image/jpeg", name: "a\u0000.jpg", kind: "image", size: 10 }, LIMITS)?.status_code).toBe(400);
    expect(refusalOf({ type: "image/jpeg", name: "a.jpg", kind: "image", size: 0 }, LIMITS)?.status_code).toBe(400);
  });
});
