import { data } from "react-router";
import { env } from "~/lib/env.server";
import { adminTranslator } from "./messages";
import { requestLocale } from "./session.server";

/**
 * CSRF defence of every admin action, on top of the SameSite=Lax cookie: the request's
 * Origin (or, when a browser sends none, its Referer) must be this site's own origin.
 * The site's origin is PUBLIC_SITE_URL's, or the address the request was made to (a
 * cross-site form posts to our host but carries the attacker's Origin, so it fails both).
 * A request that carries neither header is refused: every browser sends one on POST.
 */
export function isSameOrigin(request: Request, allowed: readonly string[] = allowedOrigins(request)): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== "null" && allowed.includes(origin);
  const referer = request.headers.get("Referer");
  if (!referer) return false;
  try {
    return allowed.includes(new URL(referer).origin);
  } catch {
    return false;
  }
}

export function allowedOrigins(request: Request): string[] {
  const own = new URL(request.url).origin;
  const site = new URL(env.PUBLIC_SITE_URL).origin;
  return own === site ? [site] : [site, own];
}

/** Throws a 403 response unless the request came from a page of this site. */
export async function requireSameOrigin(request: Request): Promise<void> {
  if (!isSameOrigin(request)) {
    const at = adminTranslator(await requestLocale(request));
    throw data({ message: at("common.forbidden") }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
}
