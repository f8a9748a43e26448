import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The staff token travels inside the session cookie encrypted (AES-256-GCM, an authenticated
 * cipher from Node's standard library), with a key derived from the session secret. Whoever
 * reads the cookie's value (a proxy log, a browser extension, a shared computer) learns nothing
 * and cannot use the token at the CMS; a changed byte makes the value unreadable.
 * Layout: "v1." + base64url(iv 12 bytes | tag 16 bytes | ciphertext).
 */
const PREFIX = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    // A key of its own (not the cookie-signing one), derived from the same secret.
    key = Buffer.from(hkdfSync("sha256", secret, "", "staff session token", 32));
    keys.set(secret, key);
  }
  return key;
}

export function sealToken(token: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
}

/** The token inside a sealed value, or null if it is not one this secret sealed (or was altered). */
export function openSealedToken(sealed: unknown, secret: string): string | null {
  if (typeof sealed !== "string" || !sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
