/** A JWT-shaped token for tests (the signature is never checked by the web app). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.c2lnbmF0dXJl`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
