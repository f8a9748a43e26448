import { env } from "~/lib/env.server";
import { AdminCmsError, cmsCall } from "./cms-client.server";
import type { AdminT } from "./messages";
import { cmsWrite } from "./staff-accounts.server";

/**
 * "Forgot your password?" at the CMS (/api/password-reset), from the server only. The CMS sends
 * the mail and decides whether it can (outgoing mail configured); the visitor's address goes
 * along with the shared secret, as for logins, so its limit counts per visitor.
 */

const visitorHeaders = (clientIp: string | undefined) => {
  const headers: Record<string, string> = {};
  if (clientIp) headers["x-client-ip"] = clientIp;
  if (env.WEB_PROXY_SECRET) headers["x-web-proxy-secret"] = env.WEB_PROXY_SECRET;
  return headers;
};

// Whether the CMS can send links changes only with its configuration: asked at most once a minute.
const OFFER_TTL_MS = 60_000;
let offer: { byEmail: boolean; until: number } | undefined;

/** Whether the login page offers a reset link by e-mail (no while the CMS cannot be asked). */
export async function resetByEmailOffered(): Promise<boolean> {
  if (offer && offer.until > Date.now()) return offer.byEmail;
  try {
    const { body } = await cmsCall<{ byEmail?: unknown }>("/api/password-reset");
    offer = { byEmail: body.byEmail === true, until: Date.now() + OFFER_TTL_MS };
    return offer.byEmail;
  } catch (error) {
    if (error instanceof AdminCmsError) return false;
    throw error;
  }
}

/** Asks for a link; the CMS answers every address alike (its sentence, in the page's language, is the value). */
export function requestResetLink(email: string, clientIp: string | undefined, at: AdminT) {
  return cmsWrite(at, "reset.requestFailed", async () => {
    const { body } = await cmsCall<{ message?: unknown }>("/api/password-reset", {
      method: "POST",
      body: { email },
      headers: visitorHeaders(clientIp),
      timeoutMs: 15_000,
    });
    return typeof body.message === "string" ? at.contract(body.message) : at("reset.requestFailed");
  });
}

/** Sets the new password with the link's token; the CMS ends every session of the account. */
export function setPasswordWithLink(token: string, password: string, clientIp: string | undefined, at: AdminT) {
  return cmsWrite(at, "reset.setFailed", async () => {
    await cmsCall("/api/password-reset", {
      method: "PUT",
      body: { token, password },
      headers: visitorHeaders(clientIp),
      timeoutMs: 15_000,
    });
    return null;
  });
}
