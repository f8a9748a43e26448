import { env } from "~/lib/env.server";
import { AdminCmsError, cmsCall } from "./cms-client.server";
import { isAdminLocale, type AdminLocale, type AdminT } from "./messages";
import type { FieldErrors } from "./schemas";
import { getSession, logoutRedirect, sessionToken } from "./session.server";

export type LoginResult =
  | { ok: true; token: string; locale: AdminLocale }
  | { ok: false; status: number; message: string; errors: FieldErrors };

/**
 * POST /api/users/login on the CMS. Every login reaches the CMS from this server's
 * address, so the visitor's address goes along (x-client-ip) with the shared secret that
 * makes the CMS trust it: the CMS then limits failed logins per visitor, not for all.
 */
export async function loginWithCms(
  credentials: { email: string; password: string },
  clientIp: string | undefined,
  at: AdminT,
  signal?: AbortSignal,
): Promise<LoginResult> {
  const headers: Record<string, string> = {};
  if (clientIp) headers["x-client-ip"] = clientIp;
  if (env.WEB_PROXY_SECRET) headers["x-web-proxy-secret"] = env.WEB_PROXY_SECRET;
  try {
    const { body } = await cmsCall<{ token?: unknown; user?: { adminLanguage?: unknown } }>("/api/users/login", {
      method: "POST",
      body: credentials,
      headers,
      signal,
      timeoutMs: 15_000,
    });
    if (typeof body.token !== "string" || !body.token) {
      return { ok: false, status: 502, message: at("login.failed"), errors: {} };
    }
    // The admin language the person chose, from any device: their pages are in it from now on.
    const locale = isAdminLocale(body.user?.adminLanguage) ? body.user.adminLanguage : "en";
    return { ok: true, token: body.token, locale };
  } catch (error) {
    if (error instanceof AdminCmsError) {
      // The server's message, otherwise 'Login failed'.
      const status = error.status === 0 ? 503 : error.status;
      return { ok: false, status, message: error.messageOr("login.failed", at), errors: error.fieldErrors(at) ?? {} };
    }
    throw error;
  }
}

/**
 * The logout action: ends the token's session at the CMS (POST /api/users/logout), so the
 * token and any copy of the cookie stop working everywhere, then clears the cookie and goes
 * to /login. The cookie is cleared even when the CMS cannot be reached (then the token ends
 * only when it expires: logged, as it should not happen).
 */
export async function logout(request: Request): Promise<Response> {
  const token = sessionToken(await getSession(request));
  if (token) {
    try {
      await cmsCall("/api/users/logout", { method: "POST", token, timeoutMs: 15_000 });
    } catch (error) {
      // 401: the token had already ended (expired, logged out elsewhere, password changed).
      if (!(error instanceof AdminCmsError)) throw error;
      if (error.status !== 401) console.error(`[admin] logout could not end the token at the CMS (${error.status})`);
    }
  }
  return logoutRedirect(request);
}
