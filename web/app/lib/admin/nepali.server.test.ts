import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeJwt, inOneHour } from "./test-helpers";

// A real HTTP server stands in for the CMS: it answers GETs with `item` and records writes.
interface Received {
  method: string;
  url: string;
  authorization?: string;
  ifMatch?: string;
  fields: Record<string, string>;
}

let cms: Server;
let received: Received[] = [];
/** The CMS's answer to GET /api/{kind}/{id}?locale=ne. */
let item: { status: number; body?: unknown };
/** Its answer to PUT and DELETE. */
let write: { status: number; body?: unknown };
let mod: typeof import("./routes.server");
let sessions: typeof import("./session.server");

function record(req: IncomingMessage): Promise<Received> {
  return new Promise((resolve, reject) => {
    const entry: Received = {
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
      ifMatch: req.headers["if-match"],
      fields: {},
    };
    if (!/^multipart\//.test(req.headers["content-type"] ?? "")) {
      req.resume();
      req.on("end", () => resolve(entry));
      return;
    }
    const parser = busboy({ headers: req.headers });
    parser.on("field", (name, value) => (entry.fields[name] = value));
    parser.on("close", () => resolve(entry));
    parser.on("error", reject);
    req.pipe(parser);
  });
}

beforeAll(async () => {
  cms = createServer((req, res) => {
    void record(req).then((entry) => {
      received.push(entry);
      const answer = entry.method === "GET" ? item : write;
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => cms.listen(0, "127.0.0.1", resolve));
  const { port } = cms.address() as AddressInfo;
  vi.stubEnv("CMS_URL", `http://127.0.0.1:${port}`);
  vi.resetModules();
  mod = await import("./routes.server");
  sessions = await import("./session.server");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => cms.close(resolve));
});

const ENGLISH_BLOG = { id: 5, title: "Dashain", content: "We flew kites.", author: "a@b.org", mediaUrl: null, locale: "en" };

beforeEach(() => {
  received = [];
  item = { status: 200, body: ENGLISH_BLOG };
  write = { status: 200, body: { ...ENGLISH_BLOG, title: "दशैं", content: "चङ्गा", locale: "ne" } };
});

const SITE = "http://127.0.0.1:3000";
const token = fakeJwt({ id: 9, sub: "9", exp: inOneHour() });

async function cookie() {
  const session = await sessions.sessionStorage.getSession();
  sessions.setSessionToken(session, token);
  return (await sessions.sessionStorage.commitSession(session)).split(";")[0]!;
}

async function post(path: string, fields: Record<string, string>, origin = SITE) {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { Origin: origin, Cookie: await cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

const writes = () => received.filter((r) => r.method !== "GET");

/** What an action returned: a redirect Response, or React Router's data() result. */
function outcome(result: unknown): { status: number; location?: string | null; cookie?: string | null; body?: unknown } {
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), cookie: result.headers.get("Set-Cookie") };
  }
  const d = result as { init?: { status?: number }; data: unknown };
  return { status: d.init?.status ?? 200, body: d.data };
}

describe("the Nepali tab's action (PUT/DELETE ?locale=ne)", () => {
  it("saves only the localised fields, trimmed, with the staff token, then comes back to the Nepali tab", async () => {
    const request = await post("/blogs/edit/5?lang=ne", {
      intent: "save",
      title: "  दशैं  ",
      content: "चङ्गा उडायौं।",
      author: "someone@else.org",
    });
    const result = outcome(await mod.editAction(request, "blog", "5"));
    expect(result).toMatchObject({ status: 302, location: "/blogs/edit/5?lang=ne" });
    expect(result.cookie).toMatch(/^__session=/);
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/blog/5?locale=ne", "PUT /api/blog/5?locale=ne"]);
    expect(writes()[0]).toMatchObject({ authorization: `Bearer ${token}`, fields: { title: "दशैं", content: "चङ्गा उडायौं।" } });
  });

  it("refuses a multipart body (the server lets those through to this route as uploads) without reading it", async () => {
    const body = new FormData();
    body.append("intent", "save");
    body.append("title", "दशैं");
    body.append("content", "x".repeat(1024));
    let read = false;
    const request = new Request(`${SITE}/blogs/edit/5?lang=ne`, {
      method: "POST",
      headers: { Origin: SITE, Cookie: await cookie() },
      body,
    });
    request.formData = () => {
      read = true;
      throw new Error("read");
    };
    expect(outcome(await mod.editAction(request, "blog", "5"))).toMatchObject({ status: 415 });
    expect(read).toBe(false);
    expect(received).toEqual([]);
  });

  it("sends a team member's name in Nepali, role and bio only (never the shared name)", async () => {
    item = { status: 200, body: { id: 3, name: "Asha", local_name: null, role: "Warden", bio: "Kind.", locale: "ne" } };
    const request = await post("/teams/3/edit?lang=ne", { intent: "save", name: "x", local_name: " आशा ", role: "वार्डेन", bio: "दयालु।" });
    expect(outcome(await mod.editAction(request, "team", "3"))).toMatchObject({ status: 302, location: "/teams/3/edit?lang=ne" });
    expect(writes()).toMatchObject([
      { method: "PUT", url: "/api/team-member/3?locale=ne", fields: { local_name: "आशा", role: "वार्डेन", bio: "दयालु।" } },
    ]);
    expect(Object.keys(writes()[0]!.fields)).toEqual(["local_name", "role", "bio"]);
  });

  it("sends an empty name in Nepali when it is left empty (the CMS then has none)", async () => {
    item = { status: 200, body: { id: 3, name: "Asha", local_name: "आशा", role: "Warden", bio: "Kind.", locale: "ne" } };
    const request = await post("/teams/3/edit?lang=ne", { intent: "save", local_name: "", role: "वार्डेन", bio: "दयालु।" });
    expect(outcome(await mod.editAction(request, "team", "3"))).toMatchObject({ status: 302 });
    expect(writes()[0]!.fields).toEqual({ local_name: "", role: "वार्डेन", bio: "दयालु।" });
  });

  it("answers the English form's required messages and writes nothing", async () => {
    const request = await post("/gallery/images/2/edit?lang=ne", { intent: "save", title: "  ", description: "" });
    const result = outcome(await mod.editAction(request, "image", "2"));
    expect(result).toMatchObject({
      status: 400,
      body: {
        message: "Please correct the highlighted fields.",
        errors: { title: ["Title is required"], description: ["Description is required"] },
        values: { title: "  ", description: "" },
      },
    });
    expect(writes()).toEqual([]);
  });

  it("sends the version the form was opened with, or the one chosen to replace, and shows a conflict with what is stored", async () => {
    const opened = "AAAAAAAAAAAAAAAAAAAAAA";
    const stored = "BBBBBBBBBBBBBBBBBBBBBB";
    write = {
      status: 409,
      body: {
        message: "Someone else changed this entry after you opened it.",
        errors: { version: ["x"] },
        updated_by: { id: 2, name: "Sita Gurung" },
        updated_at: "2026-11-26T04:42:00.000Z",
        version: stored,
        current: { ...ENGLISH_BLOG, title: "दशैंको रमाइलो", content: "पिङ खेल्यौं।", locale: "ne" },
      },
    };
    const typed = { intent: "save", version: opened, title: "दशैं", content: "चङ्गा" };
    const result = outcome(await mod.editAction(await post("/blogs/edit/5?lang=ne", typed), "blog", "5"));
    expect(writes()[0]).toMatchObject({ method: "PUT", ifMatch: `"${opened}"` });
    expect(result).toMatchObject({
      status: 409,
      body: {
        message: "Not saved: someone else changed this after you opened it.",
        values: { title: "दशैं", content: "चङ्गा" },
        baseVersion: opened,
        conflict: {
          by: "Sita Gurung",
          at: "2026-11-26T04:42:00.000Z",
          version: stored,
          current: { title: "दशैंको रमाइलो", content: "पिङ खेल्यौं।" },
        },
      },
    });

    received = [];
    write = { status: 200, body: { ...ENGLISH_BLOG, title: "दशैं", content: "चङ्गा", locale: "ne" } };
    const again = outcome(await mod.editAction(await post("/blogs/edit/5?lang=ne", { ...typed, replaceVersion: stored }), "blog", "5"));
    expect(again).toMatchObject({ status: 302 });
    expect(writes()[0]).toMatchObject({ ifMatch: `"${stored}"` });
  });

  it("passes on the CMS's field errors", async () => {
    write = { status: 400, body: { message: "Content is required", errors: { content: ["Content is required"] } } };
    const request = await post("/blogs/edit/5?lang=ne", { intent: "save", title: "दशैं", content: "चङ्गा" });
    expect(outcome(await mod.editAction(request, "blog", "5"))).toMatchObject({
      status: 400,
      body: { message: "Content is required", errors: { content: ["Content is required"] } },
    });
  });

  it("removes only the Nepali version; one already gone counts as removed", async () => {
    item = { status: 200, body: { ...ENGLISH_BLOG, locale: "ne" } };
    write = { status: 204 };
    let result = outcome(await mod.editAction(await post("/blogs/edit/5?lang=ne", { intent: "delete", id: "5" }), "blog", "5"));
    expect(result).toMatchObject({ status: 302, location: "/blogs/edit/5?lang=ne" });
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual(["DELETE /api/blog/5?locale=ne"]);

    write = { status: 404, body: { message: "Not found" } };
    result = outcome(await mod.editAction(await post("/blogs/edit/5?lang=ne", { intent: "delete", id: "5" }), "blog", "5"));
    expect(result).toMatchObject({ status: 302 });

    write = { status: 500, body: {} };
    result = outcome(await mod.editAction(await post("/blogs/edit/5?lang=ne", { intent: "delete", id: "5" }), "blog", "5"));
    expect(result).toMatchObject({ status: 502, body: { message: "Failed to remove the Nepali version" } });
  });

  it("never writes to a CMS without locales (its PUT would overwrite the English text, its DELETE remove the item)", async () => {
    item = { status: 200, body: { ...ENGLISH_BLOG, locale: undefined } };
    const posts: Record<string, string>[] = [
      { intent: "save", title: "दशैं", content: "चङ्गा" },
      { intent: "delete", id: "5" },
    ];
    for (const fields of posts) {
      const result = outcome(await mod.editAction(await post("/blogs/edit/5?lang=ne", fields), "blog", "5"));
      expect(result).toMatchObject({ status: 503, body: { message: "The CMS cannot store Nepali versions yet. Nothing was changed." } });
    }
    expect(writes()).toEqual([]);
  });

  it("refuses a post from another site before anything else", async () => {
    const request = await post("/blogs/edit/5?lang=ne", { intent: "delete", id: "5" }, "https://evil.example");
    await expect(mod.editAction(request, "blog", "5")).rejects.toMatchObject({ init: { status: 403 } });
    expect(received).toEqual([]);
  });
});

describe("the edit screens' loader", () => {
  it("reads the Nepali version on the Nepali tab only", async () => {
    item = { status: 200, body: { ...ENGLISH_BLOG, title: "दशैं", content: "चङ्गा", locale: "ne" } };
    const get = async (path: string) =>
      (await mod.editLoader(new Request(`${SITE}${path}`, { headers: { Cookie: await cookie() } }), "blog", "5")) as unknown as {
        data: { lang: string; nepali: unknown };
      };
    expect((await get("/blogs/edit/5")).data).toMatchObject({ lang: "en", nepali: null });
    // The item, and the children's names the form warns about; no Nepali version.
    expect(received.map((r) => r.url).sort()).toEqual(["/api/blog/5", "/api/child-names"]);

    received = [];
    expect((await get("/blogs/edit/5?lang=ne")).data).toMatchObject({
      lang: "ne",
      nepali: { supported: true, exists: true, values: { title: "दशैं", content: "चङ्गा" }, error: null },
    });
    expect(received.map((r) => r.url).sort()).toEqual(["/api/blog/5", "/api/blog/5?locale=ne", "/api/child-names"]);

    // No Nepali version yet: the CMS answers in English, and the tab starts empty.
    item = { status: 200, body: ENGLISH_BLOG };
    expect((await get("/blogs/edit/5?lang=ne")).data).toMatchObject({
      nepali: { supported: true, exists: false, values: { title: "", content: "" } },
    });
  });
});
