import { createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { startCookieSecure } from "../../../../scripts/lib/web.mjs";
import {
  cookieMaxAgeFor,
  cookieSecureFor,
  createStaffSession,
  flashNotice,
  getSession,
  isExpired,
  readJwtClaims,
  requireAnonymous,
  requireStaff,
  safeRedirect,
  sessionStorage,
  sessionToken,
  SESSION_MAX_AGE_SECONDS,
  sessionCookieOptions,
  setSessionToken,
  userIdOf,
} from "./session.server";
import { fakeJwt, inOneHour } from "./test-helpers";

const SITE = "http://127.0.0.1:3000";

async function cookieFor(token: string): Promise<string> {
  const session = await sessionStorage.getSession();
  setSessionToken(session, token);
  return (await sessionStorage.commitSession(session)).split(";")[0]!;
}

/** What the cookie's value says to anyone who reads it: its data part, decoded. */
function readableCookieData(cookie: string): string {
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("__session=".length));
  return Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8");
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("JWT claims", () => {
  it("reads sub and exp, and refuses what is not a JWT", () => {
    const claims = readJwtClaims(fakeJwt({ sub: "7", exp: 2000000000 }))!;
    expect(userIdOf(claims)).toBe(7);
    expect(readJwtClaims("not-a-token")).toBeNull();
    expect(readJwtClaims("a.%%%.c")).toBeNull();
    expect(userIdOf({ sub: "0" })).toBeNull();
    expect(userIdOf({ sub: "7; drop" })).toBeNull();
    expect(userIdOf({ id: 3 })).toBe(3);
  });

  it("knows when a token has expired and never lets the cookie outlive it", () => {
    const now = 1_800_000_000_000;
    expect(isExpired({ exp: Math.floor(now / 1000) - 1 }, now)).toBe(true);
    expect(isExpired({ exp: Math.floor(now / 1000) + 60 }, now)).toBe(false);
    expect(cookieMaxAgeFor({ exp: Math.floor(now / 1000) + 600 }, now)).toBe(600);
    expect(cookieMaxAgeFor({ exp: Math.floor(now / 1000) + 7 * 86400 }, now)).toBe(SESSION_MAX_AGE_SECONDS);
    expect(cookieMaxAgeFor({}, now)).toBe(SESSION_MAX_AGE_SECONDS);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/teams", "/teams"],
    ["/gallery/images?x=1", "/gallery/images?x=1"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["https://evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["/login", "/dashboard"],
    ["/teams\nSet-Cookie: x", "/dashboard"],
    [null, "/dashboard"],
  ])("%s -> %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});

describe("requireStaff", () => {
  it("sends a visitor without a session to /login, remembering the page", async () => {
    const response = await thrown(requireStaff(new Request(`${SITE}/gallery/images?page=2`)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fgallery%2Fimages%3Fpage%3D2");
  });

  it("remembers a photo's consent page, but not the forms' endpoints under /admin/", async () => {
    const consent = await thrown(requireStaff(new Request(`${SITE}/admin/photos/kites_1a.jpg/consent?returnTo=%2Fblogs%2F3`)));
    expect(consent.headers.get("Location")).toBe(
      "/login?redirectTo=%2Fadmin%2Fphotos%2Fkites_1a.jpg%2Fconsent%3FreturnTo%3D%252Fblogs%252F3",
    );
    const save = await thrown(requireStaff(new Request(`${SITE}/admin/save/blog/3`)));
    expect(save.headers.get("Location")).toBe("/login");
  });

  it("returns the token and user id of a valid session", async () => {
    const token = fakeJwt({ id: 4, sub: "4", exp: inOneHour() });
    const staff = await requireStaff(new Request(`${SITE}/teams`, { headers: { Cookie: await cookieFor(token) } }));
    expect(staff.token).toBe(token);
    expect(staff.userId).toBe(4);
  });

  it.each([
    ["an expired token", fakeJwt({ sub: "4", exp: Math.floor(Date.now() / 1000) - 5 })],
    ["a token that is not a JWT", "garbage"],
    ["a token without a user id", fakeJwt({ exp: inOneHour() })],
  ])("clears the session and redirects for %s", async (_label, token) => {
    const request = new Request(`${SITE}/teams`, { headers: { Cookie: await cookieFor(token) } });
    const response = await thrown(requireStaff(request));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fteams");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("ignores a cookie whose signature does not match", async () => {
    const token = fakeJwt({ sub: "4", exp: inOneHour() });
    const forged = `__session=${Buffer.from(JSON.stringify({ token })).toString("base64")}.bad-signature`;
    const response = await thrown(requireStaff(new Request(`${SITE}/teams`, { headers: { Cookie: forged } })));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fteams");
  });
});

describe("requireAnonymous", () => {
  it("sends a signed-in user from /login to /dashboard", async () => {
    const cookie = await cookieFor(fakeJwt({ sub: "1", exp: inOneHour() }));
    const response = await thrown(requireAnonymous(new Request(`${SITE}/login`, { headers: { Cookie: cookie } })));
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("lets a visitor without a session (or with an expired one) stay", async () => {
    await expect(requireAnonymous(new Request(`${SITE}/login`))).resolves.toBeUndefined();
    const expired = await cookieFor(fakeJwt({ sub: "1", exp: 1 }));
    await expect(requireAnonymous(new Request(`${SITE}/login`, { headers: { Cookie: expired } }))).resolves.toBeUndefined();
  });
});

describe("the session cookie", () => {
  it("is __session, httpOnly, SameSite=Lax, path /, not Secure in tests, and lives no longer than the token", async () => {
    const token = fakeJwt({ sub: "2", exp: Math.floor(Date.now() / 1000) + 1800 });
    const response = await createStaffSession(new Request(`${SITE}/login`, { method: "POST" }), token, "/teams", "en");
    expect(response.headers.get("Location")).toBe("/teams");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(1700);
    expect(maxAge).toBeLessThanOrEqual(1800);
    // The token is in the signed cookie, sealed, and the session reads it back.
    const session = await getSession(new Request(SITE, { headers: { Cookie: cookie.split(";")[0]! } }));
    expect(sessionToken(session)).toBe(token);
  });

  it("does not show the token to whoever reads the cookie's value", async () => {
    const token = fakeJwt({ sub: "2", exp: inOneHour(), secret: "claims-only-the-cms-should-see" });
    const response = await createStaffSession(new Request(`${SITE}/login`, { method: "POST" }), token, "/teams", "en");
    const data = readableCookieData(response.headers.get("Set-Cookie")!);
    expect(data).toMatch(/"token":"v1\./);
    for (const part of token.split(".")) expect(data).not.toContain(part);
    expect(data).not.toContain("claims-only-the-cms-should-see");
  });

  it("refuses a signed cookie whose token is not sealed by this server, and clears it", async () => {
    // The cookie format of before: the JWT itself, properly signed.
    const session = await sessionStorage.getSession();
    session.set("token", fakeJwt({ sub: "4", exp: inOneHour() }));
    const plain = (await sessionStorage.commitSession(session)).split(";")[0]!;
    const response = await thrown(requireStaff(new Request(`${SITE}/teams`, { headers: { Cookie: plain } })));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fteams");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;/);
    await expect(requireAnonymous(new Request(`${SITE}/login`, { headers: { Cookie: plain } }))).resolves.toBeUndefined();
  });

  it("carries a one-time notice", async () => {
    const token = fakeJwt({ sub: "2", exp: inOneHour() });
    const session = await sessionStorage.getSession(await cookieFor(token));
    const cookie = await flashNotice(session, "Saved.");
    const next = await getSession(new Request(SITE, { headers: { Cookie: cookie.split(";")[0]! } }));
    expect(next.get("notice")).toBe("Saved.");
    expect(next.get("notice")).toBeUndefined();
    expect(sessionToken(next)).toBe(token);
  });
});

describe("the session cookie over https and over plain http", () => {
  const SECRET = "a-test-secret-a-test-secret-0123456789";
  /** The Set-Cookie header of a session with a token, and its attributes (lower-cased names). */
  async function committed(secure: boolean) {
    const storage = createCookieSessionStorage({ cookie: { ...sessionCookieOptions(secure), secrets: [SECRET] } });
    const session = await storage.getSession();
    session.set("token", "sealed");
    const header = await storage.commitSession(session);
    const [pair, ...rest] = header.split(";").map((part) => part.trim());
    const attributes = new Map(rest.map((part) => [part.split("=")[0]!.toLowerCase(), part.split("=")[1] ?? true] as const));
    return { name: pair!.slice(0, pair!.indexOf("=")), attributes, storage, header };
  }

  it("is __Host-session when Secure: https only, Path=/ and no Domain (no other host or http page can plant one)", async () => {
    const { name, attributes, storage, header } = await committed(true);
    expect(name).toBe("__Host-session");
    expect(attributes.get("secure")).toBe(true);
    expect(attributes.get("httponly")).toBe(true);
    expect(attributes.get("samesite")).toBe("Lax");
    expect(attributes.get("path")).toBe("/");
    expect(attributes.has("domain")).toBe(false);
    // It reads back what it wrote, and nothing sent as the plain name.
    const cookie = header.split(";")[0]!;
    expect((await storage.getSession(cookie)).get("token")).toBe("sealed");
    expect((await storage.getSession(cookie.replace("__Host-session=", "__session="))).get("token")).toBeUndefined();
  });

  it("is __session without Secure over plain http (a browser refuses the prefix there)", async () => {
    const { name, attributes } = await committed(false);
    expect(name).toBe("__session");
    expect(attributes.has("secure")).toBe(false);
    expect(attributes.get("httponly")).toBe(true);
    expect(attributes.get("samesite")).toBe("Lax");
    expect(attributes.get("path")).toBe("/");
  });

  it("is Secure in production unless COOKIE_SECURE=false, and not elsewhere unless COOKIE_SECURE=true", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: SECRET };
    expect(cookieSecureFor(parseEnv(production))).toBe(true);
    expect(cookieSecureFor(parseEnv({ ...production, COOKIE_SECURE: "false" }))).toBe(false);
    expect(cookieSecureFor(parseEnv({ NODE_ENV: "development" }))).toBe(false);
    expect(cookieSecureFor(parseEnv({ NODE_ENV: "development", COOKIE_SECURE: "true" }))).toBe(true);
  });

  it("npm start keeps it Secure with NODE_ENV=production, and serves plain http on this machine otherwise", () => {
    // npm start runs the web's production build with the COOKIE_SECURE it chooses (scripts/start.mjs).
    const webUnder = (shell: Record<string, string>) => {
      const chosen = startCookieSecure(shell);
      return cookieSecureFor(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, ...(chosen ? { COOKIE_SECURE: chosen } : {}) }));
    };
    expect(webUnder({})).toBe(false);
    expect(webUnder({ NODE_ENV: "development" })).toBe(false);
    expect(webUnder({ NODE_ENV: "production" })).toBe(true);
    expect(webUnder({ NODE_ENV: "production", COOKIE_SECURE: "true" })).toBe(true);
    // An operator who serves production over http on purpose says so.
    expect(webUnder({ NODE_ENV: "production", COOKIE_SECURE: "false" })).toBe(false);
  });
});
