import { describe, expect, it } from "vitest";
import { openSealedToken, sealToken } from "./token-seal.server";

const SECRET = "a-session-secret-of-at-least-32-characters";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";

describe("sealed staff tokens", () => {
  it("open with the secret that sealed them, and show nothing of the token", () => {
    const sealed = sealToken(TOKEN, SECRET);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    for (const part of TOKEN.split(".")) expect(sealed).not.toContain(part);
    expect(openSealedToken(sealed, SECRET)).toBe(TOKEN);
  });

  it("differ every time (a fresh IV), so equal tokens cannot be recognised", () => {
    expect(sealToken(TOKEN, SECRET)).not.toBe(sealToken(TOKEN, SECRET));
  });

  it("do not open with another secret, altered, cut short or as plain text", () => {
    const sealed = sealToken(TOKEN, SECRET);
    expect(openSealedToken(sealed, `${SECRET}-other`)).toBeNull();
    const raw = Buffer.from(sealed.slice(3), "base64url");
    for (const index of [0, 13, raw.length - 1]) {
      const altered = Buffer.from(raw);
      altered[index]! ^= 1;
      expect(openSealedToken(`v1.${altered.toString("base64url")}`, SECRET), `byte ${index}`).toBeNull();
    }
    expect(openSealedToken(sealed.slice(0, 30), SECRET)).toBeNull();
    expect(openSealedToken(TOKEN, SECRET)).toBeNull();
    expect(openSealedToken(undefined, SECRET)).toBeNull();
    expect(openSealedToken("v1.", SECRET)).toBeNull();
  });
});
