import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, createServer, type AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { E2E_SESSION_SECRET, STAFF } from "../admin/support";

// Request bodies and slow clients against the production build (server/request-limits.ts).
// This file starts a web server of its own from the e2e build, with short timeouts
// (1 s for headers and for bodies that are not uploads), so slow-client cases settle in
// seconds, and so its memory (from /proc) belongs to these requests only.
test.describe.configure({ mode: "serial" });

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const TIMEOUT_MS = 1000;
const MB = 1024 * 1024;
let server: ChildProcess;
let base: string;

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.js"], {
    cwd: webDir,
    // Quiet: React Router logs the 405s of posts to pages without an action, expected here.
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEB_BUILD_DIR: process.env.E2E_BUILD_DIR ?? ".test-tmp/e2e-build",
      PORT: String(port),
      HOST: "127.0.0.1",
      CMS_URL: `http://127.0.0.1:${E2E.cmsPort}`,
      PUBLIC_SITE_URL: base,
      SESSION_SECRET: E2E_SESSION_SECRET,
      COOKIE_SECURE: "false",
      REQUEST_HEADERS_TIMEOUT_MS: String(TIMEOUT_MS),
      REQUEST_BODY_TIMEOUT_MS: String(TIMEOUT_MS),
      WEB_CACHE: "off",
    },
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await fetch(`${base}/_health`).catch(() => null))?.ok) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  // Warm up the routes used below, so their first-use memory is not counted as growth.
  for (const path of ["/login", "/", "/blogs"]) await fetch(`${base}${path}`).then((r) => r.text());
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

/** The web server's resident memory now and at its peak so far (MiB), from /proc. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** A body of `total` bytes made as it is sent, with optional text before and after it. */
function streamed(total: number, head = "", tail = ""): ReadableStream<Uint8Array> {
  let sent = 0;
  let phase = 0;
  const piece = new Uint8Array(64 * 1024).fill(120);
  return new ReadableStream({
    pull(controller) {
      if (phase === 0) {
        phase = 1;
        if (head) return controller.enqueue(new TextEncoder().encode(head));
      }
      if (sent < total) {
        const size = Math.min(piece.length, total - sent);
        sent += size;
        return controller.enqueue(size === piece.length ? piece : piece.subarray(0, size));
      }
      if (phase === 1 && tail) {
        phase = 2;
        return controller.enqueue(new TextEncoder().encode(tail));
      }
      controller.close();
    },
  });
}

/** POSTs `body` chunked (no Content-Length), as a browser would from the site itself. */
const postChunked = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    body,
    headers: { Origin: base, "content-type": "application/x-www-form-urlencoded", ...headers },
    duplex: "half",
    redirect: "manual",
  } as RequestInit);

/** POSTs with a declared Content-Length, sending the body only as the server reads it. */
function postDeclared(path: string, length: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${base}${path}`, {
      method: "POST",
      headers: { "content-length": String(length), "content-type": "application/x-www-form-urlencoded", Origin: base, ...headers },
    });
    req.on("response", (response) => {
      response.resume();
      done(response.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", fail);
    const piece = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    const write = () => {
      while (sent < length) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

async function staffCookie(): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: STAFF.email, password: STAFF.password, redirectTo: "/dashboard" }),
  });
  expect(response.status).toBe(302);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

// Every action that reads a body but takes no upload: the login form (signed out), the delete
// forms, the Nepali tab and the preview (signed in).
const SIGNED_OUT_FORMS = ["/login", "/login.data"];
const SIGNED_IN_FORMS = ["/teams", "/bloglist", "/gallery/images", "/gallery/videos.data", "/teams/1/edit?lang=ne", "/admin/preview"];
// Routes that answer without reading a body (no action, no session, logout).
const NOT_READ = ["/", "/blogs/details/1", "/no/such/page", "/logout", "/dashboard", "/admin/preview"];

test("a body over the limit is refused with 413 while it streams, on every action that is not an upload", async () => {
  const before = memory();
  const cookie = await staffCookie();
  const refused = async (path: string, headers: Record<string, string>) => {
    const response = await postChunked(path, streamed(4 * MB), headers);
    expect(response.status, path).toBe(413);
    expect(response.headers.get("connection"), path).toBe("close");
    expect(await response.text(), path).toBe("The request body is too large.");
    expect(await postDeclared(path, 4 * MB, headers), path).toBe(413);
  };
  for (const path of SIGNED_OUT_FORMS) await refused(path, {});
  for (const path of SIGNED_IN_FORMS) await refused(path, { cookie });
  // A route that never reads the body answers as it always does, and closes the connection
  // (the rest is never read); a declared size over the limit is refused before it runs.
  for (const path of NOT_READ) {
    const response = await postChunked(path, streamed(4 * MB));
    expect(response.status, path).not.toBe(200);
    expect(response.headers.get("connection"), path).toBe("close");
    await response.text();
    expect(await postDeclared(path, 4 * MB), path).toBe(413);
  }
  // A form of normal size is read as before (the web's own check answers: no CMS call, no
  // failed login counted against this machine's address).
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { Origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: `${"x".repeat(2000)}@example.org`, password: "" }),
  });
  expect(login.status).toBe(400);
  expect(await login.text()).toContain("Password is required");
  expect(memory().peak - before.peak).toBeLessThan(32);
});

test("scaled up: a 300 MB POST to /login, and three at once, leave memory flat", async () => {
  const before = memory();
  const one = await postChunked("/login", streamed(300 * MB));
  expect(one.status).toBe(413);
  const three = await Promise.all([1, 2, 3].map(() => postChunked("/login", streamed(300 * MB))));
  expect(three.map((response) => response.status)).toEqual([413, 413, 413]);
  expect(await postDeclared("/login", 300 * MB)).toBe(413);
  const grown = memory().peak - before.peak;
  console.log(`[request-limits] 4 x 300 MB POST /login: peak RSS ${before.peak.toFixed(0)} -> ${memory().peak.toFixed(0)} MiB`);
  expect(grown).toBeLessThan(32);
});

test("slow clients: 300 connections sending headers or a body a byte at a time are all closed within the timeouts", async () => {
  const port = Number(new URL(base).port);
  const clients = Array.from({ length: 300 }, (_, i) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.write(
      i % 2
        ? `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `
        : `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\nemail=`,
    );
    const drip = setInterval(() => socket.destroyed || socket.write("a"), 200);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => (answer += text));
    return new Promise<string>((done) =>
      socket.on("close", () => {
        clearInterval(drip);
        done(answer);
      }),
    );
  });
  const bound = new Promise<never>((_, fail) => setTimeout(() => fail(new Error("connections still open")), 15_000));
  const answers = await Promise.race([Promise.all(clients), bound]);
  expect(answers.filter((answer) => /^HTTP\/1\.1 408/.test(answer))).toHaveLength(300);
  // And the server still answers normally.
  expect((await fetch(`${base}/_health`)).status).toBe(200);
});

// ── Uploads keep their own limits ──────────────────────────────────────────────────────────

const BOUNDARY = "----e2e-boundary";
/** A multipart image upload: text fields, then `size` bytes of a "PNG". */
function imageUpload(fields: Record<string, string>, size: number): ReadableStream<Uint8Array> {
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
  return streamed(size, head, `\r\n--${BOUNDARY}--\r\n`);
}

test("a chunked image over the limit gets the 413 with the product's message (JSON and page), not a reset", async () => {
  const cookie = await staffCookie();
  const headers = { cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  // IMAGE_MAX_BYTES is 1 MiB in the browser tests (playwright.config.ts).
  const xhr = await postChunked("/admin/save/image", imageUpload({ title: "Too big", description: "x" }, 3 * MB), headers);
  expect(xhr.status).toBe(413);
  expect(await xhr.json()).toMatchObject({ ok: false, message: "The file is too large. Images may be at most 1 MB." });
  const page = await postChunked("/gallery/images/new", imageUpload({ title: "Too big", description: "x" }, 3 * MB), headers);
  expect(page.status).toBe(413);
  expect(await page.text()).toContain("The file is too large. Images may be at most 1 MB.");
});

test("an upload may arrive more slowly than a form body: it is read to the end", async () => {
  const cookie = await staffCookie();
  // About 2.5 x the body timeout, in ten pieces; no title, so the web's own check answers (no CMS write).
  const parts = [`--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nslow\r\n`];
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
  );
  for (let i = 0; i < 8; i += 1) parts.push("x".repeat(1024));
  parts.push(`\r\n--${BOUNDARY}--\r\n`);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const part = parts.shift();
      if (part === undefined) return controller.close();
      await new Promise((done) => setTimeout(done, (TIMEOUT_MS * 2.5) / 10));
      controller.enqueue(new TextEncoder().encode(part));
    },
  });
  const response = await postChunked("/admin/save/image", body, { cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ ok: false, errors: { title: ["Title is required"] } });
});
