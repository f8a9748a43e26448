import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { fakeJwt, SESSION_COOKIE, signedSessionCookie } from "../admin/support";

// Attacks on the resumable uploads of the admin (server/resumable-uploads.ts), against the
// production build. The sessions are made with the server's secret for made-up people: the
// upload endpoint trusts the session as every admin page does, and the CMS is not asked.
test.describe.configure({ mode: "serial" });

const base = `http://127.0.0.1:${E2E.webPort}`;
const b64 = (text: string) => Buffer.from(text).toString("base64");
const VIDEO = `filename ${b64("clip.mp4")},filetype ${b64("video/mp4")},kind ${b64("video")}`;

async function cookieOf(userId: number): Promise<string> {
  const token = fakeJwt({ sub: String(userId), exp: Math.floor(Date.now() / 1000) + 3600 });
  return `${SESSION_COOKIE}=${await signedSessionCookie(token)}`;
}

const create = (request: APIRequestContext, cookie: string | null, { length = 1000, metadata = VIDEO, origin = base } = {}) =>
  request.post("/admin/uploads", {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(length),
      "Upload-Metadata": metadata,
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    maxRedirects: 0,
  });

const remove = (request: APIRequestContext, cookie: string, location: string) =>
  request.delete(location, { headers: { "Tus-Resumable": "1.0.0", Origin: base, Cookie: cookie } });

test("no session: 401, nothing created", async ({ request }) => {
  expect((await create(request, null)).status()).toBe(401);
  const forged = `${SESSION_COOKIE}=${encodeURIComponent("not-a-signed-cookie")}`;
  expect((await create(request, forged)).status()).toBe(401);
});

test("another person's upload id: 404 for HEAD, PATCH and DELETE, as for an unknown id", async ({ request }) => {
  const owner = await cookieOf(9001);
  const other = await cookieOf(9002);
  const created = await create(request, owner);
  expect(created.status()).toBe(201);
  const location = created.headers()["location"]!;
  expect(location).toMatch(/^\/admin\/uploads\/u9001-[0-9a-f]{32}$/);

  const head = await request.head(location, { headers: { "Tus-Resumable": "1.0.0", Cookie: other } });
  expect(head.status()).toBe(404);
  const patch = await request.patch(location, {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
      Origin: base,
      Cookie: other,
    },
    data: Buffer.alloc(100),
  });
  expect(patch.status()).toBe(404);
  expect((await remove(request, other, location)).status()).toBe(404);
  // The owner's upload is untouched.
  const own = await request.head(location, { headers: { "Tus-Resumable": "1.0.0", Cookie: owner } });
  expect(own.headers()["upload-offset"]).toBe("0");
  expect((await remove(request, owner, location)).status()).toBe(204);
});

test("GET and other methods: 405; a method override: 400; another site's page: 403", async ({ request }) => {
  const cookie = await cookieOf(9003);
  const location = (await create(request, cookie)).headers()["location"]!;
  const get = await request.get(location, { headers: { Cookie: cookie } });
  expect(get.status()).toBe(405);
  expect((await request.put(location, { headers: { Cookie: cookie, Origin: base } })).status()).toBe(405);
  const overridden = await request.post(location, {
    headers: { "Tus-Resumable": "1.0.0", "X-HTTP-Method-Override": "DELETE", Cookie: cookie, Origin: base },
  });
  expect(overridden.status()).toBe(400);
  expect((await create(request, cookie, { origin: "https://evil.example" })).status()).toBe(403);
  expect((await remove(request, cookie, location)).status()).toBe(204);
});

test("a file over the form's limit: 413 before a byte is sent; a type the form refuses: 415", async ({ request }) => {
  const cookie = await cookieOf(9004);
  // The test stack's image limit is 1 MiB (playwright.config.ts); the video limit is 200 MB.
  const photo = `filename ${b64("a.jpg")},filetype ${b64("image/jpeg")},kind ${b64("image")}`;
  expect((await create(request, cookie, { length: 1024 * 1024 + 1, metadata: photo })).status()).toBe(413);
  expect((await create(request, cookie, { length: 200 * 1024 * 1024 + 1 })).status()).toBe(413);
  const program = `filename ${b64("a.exe")},filetype ${b64("application/x-msdownload")},kind ${b64("video")}`;
  expect((await create(request, cookie, { metadata: program })).status()).toBe(415);
});

test("a fourth unfinished upload of one person: 429", async ({ request }) => {
  const cookie = await cookieOf(9005);
  const locations: string[] = [];
  for (let i = 0; i < 3; i++) {
    const created = await create(request, cookie);
    expect(created.status()).toBe(201);
    locations.push(created.headers()["location"]!);
  }
  expect((await create(request, cookie)).status()).toBe(429);
  for (const location of locations) expect((await remove(request, cookie, location)).status()).toBe(204);
  expect((await create(request, cookie)).status()).toBe(201);
});

test("a save naming another person's upload is refused and stores nothing", async ({ request }) => {
  const owner = await cookieOf(9006);
  const location = (await create(request, owner, { length: 10 })).headers()["location"]!;
  await request.patch(location, {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
      Origin: base,
      Cookie: owner,
    },
    data: Buffer.alloc(10),
  });
  const thief = await cookieOf(9007);
  const save = await request.post("/admin/save/video", {
    headers: { Origin: base, Cookie: thief },
    multipart: { title: "Stolen", description: "Someone else's file.", "video:upload": location.split("/").pop()! },
  });
  expect(save.status()).toBe(400);
  expect(await save.json()).toMatchObject({ ok: false, errors: { video: [expect.stringContaining("no longer on the server")] } });
});
