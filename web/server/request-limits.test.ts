import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EDIT_ROUTE, UPLOAD_ROUTE, type BodyRules } from "~/lib/request-body";
import { createRouterHandler } from "./fetch-bridge";
import { httpServerOptions } from "./http-server";
import { bodyRulesOf, createRequestLimits, REFUSALS } from "./request-limits";
import { pageQueryOf } from "./routes";

// A real HTTP server with the limits in front of the fetch bridge, as in server/app.ts; the
// "routes" below stand in for React Router's actions and record what they saw.
const MAX = 64 * 1024;
const BODY_TIMEOUT_MS = 400;
const HEADERS_TIMEOUT_MS = 400;
const ROUTE_UPLOAD_LIMIT = 1024 * 1024;

const RULES: Record<string, BodyRules | undefined> = {
  "/upload": { uploads: true },
  "/preview": { maxBytes: 256 * 1024 },
};

interface Seen {
  path: string;
  bytes?: number;
  error?: string;
  aborted?: boolean;
}
let seen: Seen[] = [];

async function action(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const entry: Seen = { path };
  seen.push(entry);
  if (path === "/ignore") return new Response("no", { status: 403 });
  if (path === "/upload") {
    // Like the upload parser: counts the stream and gives up past its own limit.
    const reader = request.body!.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > ROUTE_UPLOAD_LIMIT) {
        await reader.cancel();
        entry.bytes = bytes;
        return Response.json({ ok: false, message: "The file is too large. Images may be at most 1 MB." }, { status: 413 });
      }
    }
    entry.bytes = bytes;
    return Response.json({ ok: true, bytes });
  }
  try {
    const text = await request.text();
    entry.bytes = Buffer.byteLength(text);
    return new Response(`read ${entry.bytes}`);
  } catch (error) {
    entry.error = (error as Error).message;
    entry.aborted = request.signal.aborted;
    return new Response("failed", { status: 500 });
  }
}

let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(createRequestLimits({ maxBodyBytes: MAX, bodyTimeoutMs: BODY_TIMEOUT_MS, rulesFor: (req) => RULES[req.path] }));
  app.use(createRouterHandler({ handleRequest: action, getLoadContext: () => ({ nonce: "" }) }));
  server = createServer(httpServerOptions({ headersTimeoutMs: HEADERS_TIMEOUT_MS, uploadTimeoutMs: 20_000 }), app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

/** A chunked body (no Content-Length) of `total` bytes in 16 KiB pieces, made as it is read. */
function chunked(total: number, piece = 16 * 1024): { body: ReadableStream<Uint8Array>; sent: () => number } {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(piece, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { body, sent: () => sent };
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("bodies that are not uploads", () => {
  it("refuses a chunked body over the limit with 413 while it streams: the route never holds it", async () => {
    const { body, sent } = chunked(4 * 1024 * 1024);
    const response = await post("/form", body, { "content-type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.text()).toBe(REFUSALS[413]);
    // The route's read failed (it never got more than the limit) and its work was aborted.
    expect(seen).toEqual([{ path: "/form", error: expect.any(String), aborted: true }]);
    expect(sent()).toBeLessThan(4 * 1024 * 1024);
  });

  it("refuses a declared Content-Length over the limit before reading or running the route", async () => {
    const response = await post("/form", "x".repeat(MAX + 1));
    expect(response.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("lets a body of exactly the limit through, chunked or declared", async () => {
    expect(await (await post("/form", chunked(MAX).body)).text()).toBe(`read ${MAX}`);
    expect(await (await post("/form", "y".repeat(MAX))).text()).toBe(`read ${MAX}`);
    expect((await post("/form", chunked(MAX + 1).body)).status).toBe(413);
  });

  it("applies a route's own larger limit", async () => {
    expect(await (await post("/preview", chunked(200 * 1024).body)).text()).toBe(`read ${200 * 1024}`);
    expect((await post("/preview", chunked(300 * 1024).body)).status).toBe(413);
  });

  it("closes the connection when a route answers before the body arrived (the rest is never read)", async () => {
    const response = await post("/ignore", chunked(2 * 1024 * 1024).body);
    expect(response.status).toBe(403);
    expect(response.headers.get("connection")).toBe("close");
  });

  it("keeps the connection of a request whose body was read", async () => {
    const response = await post("/form", "a=1");
    expect(await response.text()).toBe("read 3");
    expect(response.headers.get("connection")).not.toBe("close");
  });
});

describe("uploads (multipart to a route that takes them)", () => {
  const multipart = { "content-type": "multipart/form-data; boundary=x" };

  it("are not capped by the server: the route reads them whole", async () => {
    const response = await post("/upload", chunked(900 * 1024).body, multipart);
    expect(await response.json()).toEqual({ ok: true, bytes: 900 * 1024 });
  });

  it("get the route's own 413 answer when it gives up mid-stream, not a reset connection", async () => {
    const response = await post("/upload", chunked(8 * 1024 * 1024).body, multipart);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, message: "The file is too large. Images may be at most 1 MB." });
    expect(response.headers.get("connection")).toBe("close");
  });

  it("are only uploads when multipart: another body to the same route has the default limit", async () => {
    expect((await post("/upload", chunked(MAX + 1).body, { "content-type": "application/octet-stream" })).status).toBe(413);
  });
});

// ── Slow clients ─────────────────────────────────────────────────────────────────────────

/** A raw connection that sends `head`, then one byte every `everyMs` (a slow-loris client). */
function trickle(head: string, everyMs = 100): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, "127.0.0.1");
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (text: string) => (answer += text));
  socket.on("error", () => {});
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write("a");
  }, everyMs);
  const closed = new Promise<string>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve(answer);
    }),
  );
  return { socket, closed };
}

/** Resolves with the promise's value, or fails once `ms` have passed (a bound, not a sleep). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);

describe("slow clients", () => {
  it("closes a connection whose headers never finish (408) once the headers timeout has passed", async () => {
    const { closed } = trickle("POST /form HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    expect(await within(closed, 10_000)).toMatch(/^HTTP\/1\.1 408/);
  });

  it("answers 408 and closes a connection whose body (not an upload) arrives too slowly", async () => {
    const { closed } = trickle("POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 10000\r\n\r\n");
    const answer = await within(closed, 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(REFUSALS[408]);
    expect(seen).toEqual([{ path: "/form", error: expect.any(String), aborted: true }]);
  });

  it("closes 300 slow connections at once, headers and bodies alike", async () => {
    const clients = Array.from({ length: 300 }, (_, i) =>
      trickle(i % 2 ? "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " : "POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 9999\r\n\r\n", 200),
    );
    const answers = await within(Promise.all(clients.map((client) => client.closed)), 15_000);
    expect(answers.every((answer) => /^HTTP\/1\.1 408/.test(answer))).toBe(true);
  });

  it("lets an upload take longer than the body timeout", async () => {
    // Sent in eight pieces over about 3 x BODY_TIMEOUT_MS, then the last one.
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 8) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, (BODY_TIMEOUT_MS * 3) / 8));
        sent += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await post("/upload", body, { "content-type": "multipart/form-data; boundary=x" });
    expect(await response.json()).toEqual({ ok: true, bytes: 8 * 1024 });
  });
});

// ── Which route a request is for ───────────────────────────────────────────────────────────

describe("bodyRulesOf and pageQueryOf", () => {
  const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown, index?: boolean) => ({
    id,
    parentId,
    path,
    index,
    caseSensitive: undefined,
    module: { handle } as never,
  });
  const build = {
    basename: "/",
    routes: {
      root: route("root", undefined, ""),
      layout: route("layout", "root", undefined),
      home: route("home", "layout", undefined, undefined, true),
      login: route("login", "layout", "login"),
      missing: route("missing", "layout", "*", { hydrate: false }),
      blogs: route("blogs", "layout", "blogs", { hydrate: false, query: ["page"] }),
      save: route("save", "root", "admin/save/:kind/:id?", UPLOAD_ROUTE),
      admin: route("admin", "root", undefined),
      "teams-new": route("teams-new", "admin", "teams/new", UPLOAD_ROUTE),
      "teams-edit": route("teams-edit", "admin", "teams/:id/edit", EDIT_ROUTE),
    },
  } as unknown as ServerBuild;

  it("finds the rules of the route React Router matches, as it matches (case, %-encoding, .data)", () => {
    expect(bodyRulesOf(build, "/admin/save/team")).toEqual({ uploads: true });
    expect(bodyRulesOf(build, "/ADMIN/Save/team/3")).toEqual({ uploads: true });
    expect(bodyRulesOf(build, "/teams/%6Eew")).toEqual({ uploads: true });
    expect(bodyRulesOf(build, "/teams/new.data")).toEqual({ uploads: true });
    expect(bodyRulesOf(build, "/teams/7/edit")).toEqual(EDIT_ROUTE.body);
  });

  it("finds the query parameters of pages only: data requests and React Router's own keep their whole URL", () => {
    expect(pageQueryOf(build, "/blogs")).toEqual(["page"]);
    expect(pageQueryOf(build, "/Blogs")).toEqual(["page"]);
    expect(pageQueryOf(build, "/blogs.data")).toBeUndefined();
    expect(pageQueryOf(build, "/__manifest")).toBeUndefined();
    expect(pageQueryOf(build, "/login")).toBeUndefined();
  });

  it("finds none for routes that declare none (the default limit applies)", () => {
    for (const path of ["/login", "/login.data", "/", "/_root.data", "/anything/else", "/teams/new/extra"]) {
      expect(bodyRulesOf(build, path), path).toBeUndefined();
    }
  });
});
