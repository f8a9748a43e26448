import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

// Origins the pages may frame: only the map on the contact page (OpenStreetMap's embed).
export const FRAME_SOURCES = ["https://www.openstreetmap.org"];

/**
 * The Content-Security-Policy of every HTML response. Scripts run only from our own
 * origin or with this request's nonce (React Router's hydration script and
 * ScrollRestoration carry it on staff pages; public pages have only JSON-LD inline). Style
 * attributes stay allowed because React and the public pages' script (card reveal) write
 * inline styles; <style> elements need the nonce.
 */
export function contentSecurityPolicy(nonce: string, opts: { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ];
  if (opts.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()",
};
