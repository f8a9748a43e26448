import http from "node:http";
import type { AddressInfo } from "node:net";
import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A fake CMS whose behaviour each test picks by path of the query name.
let server: http.Server;
let mode: "ok" | "hang" | "slow" | "500" | "graphql-error" = "ok";
let requests = 0;
/** The X-Content-Changed-At header of each request the fake CMS got. */
const changedAts: (string | undefined)[] = [];
// Long enough for a busy machine to answer the fake CMS; short enough to keep the file quick.
const TIMEOUT_MS = 1000;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests++;
    changedAts.push(req.headers["x-content-changed-at"] as string | undefined);
    if (mode === "hang") return; // never answers
    if (mode === "slow") {
      // Answers, but later than the web waits.
      setTimeout(
        () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: { slow: true } })),
        TIMEOUT_MS + 300,
      );
      return;
    }
    if (mode === "500") return res.writeHead(500).end("boom");
    res.setHeader("content-type", "application/json");
    if (mode === "graphql-error") return res.end(JSON.stringify({ errors: [{ message: "Forbidden access" }] }));
    res.end(JSON.stringify({ data: { siteSetting: { name: "Home" } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("CMS_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv("CMS_TIMEOUT_MS", String(TIMEOUT_MS));
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  vi.unstubAllEnvs();
});

const asIs = <T>(data: T) => data;

async function cms() {
  vi.resetModules(); // env.server reads process.env when first imported
  const client = await import("./cms.server");
  const cmsQuery = <T>(document: string, variables?: Record<string, unknown>, options?: Parameters<typeof client.cmsView>[3]) =>
    client.cmsView<T, T>(document, variables, asIs, options);
  return { ...client, ...(await import("./cache.server")), cmsQuery };
}

describe("cmsQuery", () => {
  it("returns typed data", async () => {
    mode = "ok";
    const { cmsQuery } = await cms();
    await expect(cmsQuery<{ siteSetting: { name: string } }>("{ siteSetting { name } }")).resolves.toEqual({
      siteSetting: { name: "Home" },
    });
  });

  it("never hangs: a silent CMS gives a timeout CmsError after CMS_TIMEOUT_MS", async () => {
    mode = "hang";
    const { cmsQuery, CmsError } = await cms();
    const started = Date.now();
    const error = await cmsQuery("{ home { id } }").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsError);
    expect(error).toMatchObject({ reason: "timeout", status: 503 });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it("maps HTTP 500 and GraphQL errors", async () => {
    const { cmsQuery } = await cms();
    mode = "500";
    await expect(cmsQuery("{ a }")).rejects.toMatchObject({ reason: "bad-response", status: 503 });
    mode = "graphql-error";
    await expect(cmsQuery("{ a }")).rejects.toMatchObject({ reason: "graphql", status: 503 });
  });

  it("reports a refused connection as unreachable", async () => {
    vi.stubEnv("CMS_URL", "http://127.0.0.1:9");
    const { cmsQuery } = await cms();
    await expect(cmsQuery("{ a }")).rejects.toMatchObject({ reason: "unreachable", status: 503 });
    vi.stubEnv("CMS_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
});

describe("cmsQuery when the CMS fails after a good answer (stale-if-error)", () => {
  it("answers with the last good copy when the CMS errs or hangs, and with the error when there is none", async () => {
    mode = "ok";
    const { cmsQuery, invalidateContent } = await cms();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const query = "{ siteSetting { name } }";
    expect(await cmsQuery(query)).toEqual({ siteSetting: { name: "Home" } });
    for (const failure of ["500", "hang"] as const) {
      mode = failure;
      invalidateContent(); // as after an edit: the read must go to the CMS again
      await expect(cmsQuery(query)).resolves.toEqual({ siteSetting: { name: "Home" } });
    }
    await expect(cmsQuery("{ never { read } }")).rejects.toMatchObject({ reason: "timeout" });
  });

  it("lets a read slower than the timeout go on and fill the cache for the next visitor", async () => {
    mode = "slow";
    const { cmsQuery } = await cms();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const before = requests;
    await expect(cmsQuery("{ slow }")).rejects.toMatchObject({ reason: "timeout", status: 503 });
    // The same read, still under way: the next visitor gets its answer, and the CMS was asked once.
    await expect(cmsQuery("{ slow }")).resolves.toEqual({ slow: true });
    expect(requests - before).toBe(1);
  });

  it("waits for a view still being made when the CMS answered in time, instead of a 503", async () => {
    mode = "ok";
    const { cmsView } = await cms();
    // A view (think of posts' Markdown queued on busy workers) that finishes after CMS_TIMEOUT_MS.
    const slowView = async (data: { siteSetting: { name: string } }) => {
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 500));
      return `made from ${data.siteSetting.name}`;
    };
    await expect(cmsView("{ siteSetting { name } }", { slowView: true }, slowView)).resolves.toBe("made from Home");
  });

  it("has no copies to fall back on with WEB_CACHE=off", async () => {
    vi.stubEnv("WEB_CACHE", "off");
    mode = "ok";
    const { cmsQuery } = await cms();
    await cmsQuery("{ siteSetting { name } }");
    mode = "500";
    await expect(cmsQuery("{ siteSetting { name } }")).rejects.toMatchObject({ reason: "bad-response" });
    vi.stubEnv("WEB_CACHE", "on");
  });
});

describe("loadFromCms", () => {
  it("turns a CmsError into a 503 route response without internals", async () => {
    const { loadFromCms, CmsError } = await cms();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const thrown = await loadFromCms(async () => {
      throw new CmsError("timeout", "secret internal detail");
    }).catch((e: unknown) => e);
    expect(isRouteErrorResponse(thrown) || (thrown as { type?: string }).type === "DataWithResponseInit").toBe(true);
    const init = thrown as { init?: { status?: number }; data?: unknown };
    expect(init.init?.status).toBe(503);
    expect(JSON.stringify(init.data)).not.toContain("secret");
  });

  it("lets other errors through untouched", async () => {
    const { loadFromCms } = await cms();
    const boom = new Error("bug");
    await expect(loadFromCms(async () => Promise.reject(boom))).rejects.toBe(boom);
  });
});

describe("reads after a content change", () => {
  it("name the time of the last change the CMS told of, so its micro-cache gives nothing older", async () => {
    mode = "ok";
    const { cmsQuery, invalidateContent } = await cms();
    changedAts.length = 0;
    await cmsQuery("{ a: siteSetting { name } }");
    invalidateContent(1795321170123);
    await cmsQuery("{ b: siteSetting { name } }");
    invalidateContent(1795321170000); // an older call arriving late changes nothing
    await cmsQuery("{ c: siteSetting { name } }");
    expect(changedAts).toEqual([undefined, "1795321170123", "1795321170123"]);
  });

  it("name only the changes of what they read: another kind's change leaves the CMS free to answer from its cache", async () => {
    mode = "ok";
    const { cmsQuery, invalidateContent } = await cms();
    changedAts.length = 0;
    invalidateContent(1795321170100, "api::blog.blog");
    await cmsQuery("{ siteSetting { name } }");
    await cmsQuery("{ blogs { title } }");
    invalidateContent(1795321170200, "api::site-setting.site-setting");
    await cmsQuery("{ blogs_connection { nodes { title } } }");
    await cmsQuery("{ a: siteSetting { name } }");
    await cmsQuery("{ sitemapEntries { id } }"); // not placed: the latest change of all
    invalidateContent(1795321170300); // a change of anything (an upload): every read
    await cmsQuery("{ b: siteSetting { name } }");
    expect(changedAts).toEqual([undefined, "1795321170100", "1795321170100", "1795321170200", "1795321170200", "1795321170300"]);
  });
});
