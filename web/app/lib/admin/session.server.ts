import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, redirect, type Session } from "react-router";
import { env, type Env } from "~/lib/env.server";
import { adminTranslator, isAdminLocale, loginLocale, type AdminLocale, type AdminT } from "./messages";
import { openSealedToken, sealToken } from "./token-seal.server";

/**
 * The staff session: the CMS's JWT lives encrypted (token-seal.server.ts) in a signed,
 * httpOnly, SameSite=Lax cookie (`__Host-session` in production, `__session` over plain http
 * on a developer's machine; key `token`). Scripts in the page never see it,
 * nor does anyone who reads the cookie's value; the browser sends it with same-site requests
 * only, and every admin write goes browser -> web action -> CMS. Logging out ends the token
 * at the CMS (auth.server.ts), so a copy of the cookie is worth nothing afterwards.
 */

/** The JWT lives at most a day (CMS STAFF_JWT_EXPIRES_IN); the cookie never outlives it. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

// Outside production a missing secret is replaced by a random one per process: sessions
// then end when the dev server restarts, which is fine. Production refuses to start
// without SESSION_SECRET (env.server.ts).
const secret = env.SESSION_SECRET ?? randomBytes(32).toString("hex");

/** Secure (https only) in production unless COOKIE_SECURE=false says the site is served over plain http. */
export const cookieSecureFor = (settings: Pick<Env, "COOKIE_SECURE" | "NODE_ENV">) =>
  settings.COOKIE_SECURE ?? settings.NODE_ENV === "production";

export const cookieSecure = cookieSecureFor(env);

/**
 * The session cookie's attributes. A Secure cookie is also named with the `__Host-` prefix: the
 * browser then takes it only from https, with Path=/ and no Domain, so neither another host of
 * the domain nor a plain-http page can set or replace it (a planted session). Over plain http the
 * browser would refuse the prefix, so there it is `__session`.
 */
export const sessionCookieOptions = (secure: boolean) => ({
  name: secure ? "__Host-session" : "__session",
  httpOnly: true,
  sameSite: "lax" as const,
  secure,
  path: "/",
  maxAge: SESSION_MAX_AGE_SECONDS,
});

interface SessionData {
  /** The staff token, sealed (never the token itself). */
  token: string;
  /**
   * The admin language the person chose (kept with their account in the CMS; copied here at login
   * and on every admin page load, so actions can answer in it without asking the CMS again).
   */
  adminLocale: AdminLocale;
}
interface FlashData {
  notice: string;
}

export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: { ...sessionCookieOptions(cookieSecure), secrets: [secret] },
});

export type StaffSession = Session<SessionData, FlashData>;

export function getSession(request: Request): Promise<StaffSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The staff token of a session: null without one, or when it does not open with our secret. */
export function sessionToken(session: StaffSession): string | null {
  return openSealedToken(session.get("token"), secret);
}

/** Keeps a staff token in the session, sealed. */
export function setSessionToken(session: StaffSession, token: string): void {
  session.set("token", sealToken(token, secret));
}

export interface JwtClaims {
  sub?: string;
  id?: number;
  exp?: number;
}

/**
 * The claims of a JWT, read without checking the signature: the token came from the CMS
 * into our signed cookie, and the CMS checks the signature on every call. Reading them
 * here only tells us the user id and when the token expires. null if it is not a JWT.
 */
export function readJwtClaims(token: string): JwtClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    return typeof claims === "object" && claims !== null ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}

/** The user id of a token: the `sub` claim (Strapi also puts it in `id`). */
export function userIdOf(claims: JwtClaims): number | null {
  const raw = claims.sub ?? (claims.id !== undefined ? String(claims.id) : undefined);
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function isExpired(claims: JwtClaims, now = Date.now()): boolean {
  return typeof claims.exp === "number" && claims.exp * 1000 <= now;
}

/** Seconds the cookie may live for this token: until the token expires, at most a day. */
export function cookieMaxAgeFor(claims: JwtClaims, now = Date.now()): number {
  if (typeof claims.exp !== "number") return SESSION_MAX_AGE_SECONDS;
  const left = Math.floor((claims.exp * 1000 - now) / 1000);
  return Math.max(0, Math.min(SESSION_MAX_AGE_SECONDS, left));
}

export interface Staff {
  token: string;
  userId: number;
  session: StaffSession;
  /** The language of this person's admin screens, and its texts. */
  locale: AdminLocale;
  at: AdminT;
}

/**
 * The admin language of any request: the signed-in person's, otherwise what the login page
 * would show (its language switch, then the browser's languages).
 */
export async function requestLocale(request: Request): Promise<AdminLocale> {
  const session = await getSession(request);
  return session.has("adminLocale") ? sessionLocale(session) : loginLocale(request);
}

/** The admin language a session holds (English until the CMS has said otherwise). */
export function sessionLocale(session: StaffSession): AdminLocale {
  const locale = session.get("adminLocale");
  return isAdminLocale(locale) ? locale : "en";
}

/**
 * Only a path on this site: never `//evil.example`, `/\evil`, or an absolute URL.
 * Anything else falls back to the dashboard.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // No control characters or backslashes (browsers treat "\\" like "/").
  if ([...to].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\\")) return fallback;
  if (to === "/login" || to.startsWith("/login?") || to.startsWith("/logout")) return fallback;
  return to;
}

/** The one admin page under /admin/ (the rest are endpoints of the forms: save, preview, uploads). */
const ADMIN_PAGE_UNDER_ADMIN = /^\/admin\/photos\/[^/]+\/consent$/;

/** /login, remembering where the visitor was going (a GET page only). */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  if (request.method !== "GET" || (url.pathname.startsWith("/admin/") && !ADMIN_PAGE_UNDER_ADMIN.test(url.pathname))) return "/login";
  return `/login?${new URLSearchParams({ redirectTo: here })}`;
}

/** Ends the session (clears the cookie) and goes to /login. */
export async function logoutRedirect(request: Request, to = "/login"): Promise<Response> {
  const session = await getSession(request);
  return redirect(to, {
    headers: { "Set-Cookie": await sessionStorage.destroySession(session), "Cache-Control": "no-store" },
  });
}

/**
 * Guard of every admin route: the staff token, or a thrown redirect to /login. A cookie
 * whose token is not a JWT, has no user id or has expired is cleared on the way.
 */
export async function requireStaff(request: Request): Promise<Staff> {
  const session = await getSession(request);
  if (!session.has("token")) throw redirect(loginUrl(request), { headers: { "Cache-Control": "no-store" } });
  const token = sessionToken(session);
  const claims = token ? readJwtClaims(token) : null;
  const userId = claims ? userIdOf(claims) : null;
  if (!token || !claims || !userId || isExpired(claims)) {
    throw await logoutRedirect(request, loginUrl(request));
  }
  const locale = sessionLocale(session);
  return { token, userId, session, locale, at: adminTranslator(locale) };
}

/** Guard of /login: a signed-in user goes to the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  const session = await getSession(request);
  const token = sessionToken(session);
  if (!token) return;
  const claims = readJwtClaims(token);
  if (claims && userIdOf(claims) && !isExpired(claims)) {
    throw redirect("/dashboard", { headers: { "Cache-Control": "no-store" } });
  }
}

/** Starts a session for a token the CMS has just issued (in the person's admin language) and goes on to `redirectTo`. */
export async function createStaffSession(request: Request, token: string, redirectTo: string, locale: AdminLocale): Promise<Response> {
  const session = await getSession(request);
  setSessionToken(session, token);
  session.set("adminLocale", locale);
  const claims = readJwtClaims(token) ?? {};
  return redirect(safeRedirect(redirectTo), {
    headers: {
      "Set-Cookie": await sessionStorage.commitSession(session, { maxAge: cookieMaxAgeFor(claims) }),
      "Cache-Control": "no-store",
    },
  });
}

/** A one-time notice ("Team member added.") shown by the admin layout on the next page. */
export async function flashNotice(session: StaffSession, notice: string): Promise<string> {
  session.flash("notice", notice);
  const claims = readJwtClaims(sessionToken(session) ?? "") ?? {};
  return sessionStorage.commitSession(session, { maxAge: cookieMaxAgeFor(claims) });
}
