import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeJwt, inOneHour } from "./test-helpers";

// A real HTTP server stands in for the CMS and records the calls it gets.
let cms: Server;
let calls: { method: string; url: string; authorization?: string }[] = [];
let answer = 204;
let auth: typeof import("./auth.server");
let sessions: typeof import("./session.server");

beforeAll(async () => {
  cms = createServer((req, res) => {
    calls.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization });
    req.resume();
    res.writeHead(answer, { "content-type": "application/json" }).end(answer === 204 ? "" : JSON.stringify({ message: "x" }));
  });
  await new Promise<void>((resolve) => cms.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("CMS_URL", `http://127.0.0.1:${(cms.address() as AddressInfo).port}`);
  vi.resetModules();
  auth = await import("./auth.server");
  sessions = await import("./session.server");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => cms.close(resolve));
});

beforeEach(() => {
  calls = [];
  answer = 204;
});

const SITE = "http://127.0.0.1:3000";
const token = fakeJwt({ sub: "3", exp: inOneHour() });

async function logoutRequest() {
  const session = await sessions.sessionStorage.getSession();
  sessions.setSessionToken(session, token);
  const cookie = (await sessions.sessionStorage.commitSession(session)).split(";")[0]!;
  return new Request(`${SITE}/logout`, { method: "POST", headers: { Cookie: cookie, Origin: SITE } });
}

describe("logout", () => {
  it("ends the token at the CMS, then clears the cookie and goes to /login", async () => {
    const response = await auth.logout(await logoutRequest());
    expect(calls).toEqual([{ method: "POST", url: "/api/users/logout", authorization: `Bearer ${token}` }]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it.each([401, 500])("clears the cookie also when the CMS answers %i", async (status) => {
    answer = status;
    const response = await auth.logout(await logoutRequest());
    expect(calls).toHaveLength(1);
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;/);
  });

  it("calls nobody without a session", async () => {
    const response = await auth.logout(new Request(`${SITE}/logout`, { method: "POST", headers: { Origin: SITE } }));
    expect(calls).toEqual([]);
    expect(response.headers.get("Location")).toBe("/login");
  });
});
