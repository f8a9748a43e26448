import { describe, expect, it } from "vitest";
import { isSameOrigin, requireSameOrigin } from "./origin.server";

// The test environment's PUBLIC_SITE_URL is the default, http://127.0.0.1:3000.
const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });

describe("Origin check (CSRF)", () => {
  it("accepts the site's own origin", () => {
    expect(isSameOrigin(post("http://127.0.0.1:3000/teams", { Origin: "http://127.0.0.1:3000" }))).toBe(true);
  });

  it("accepts the address the request was made to (another host name for the same server)", () => {
    expect(isSameOrigin(post("http://localhost:3000/teams", { Origin: "http://localhost:3000" }))).toBe(true);
  });

  it("falls back to the Referer when there is no Origin", () => {
    expect(isSameOrigin(post("http://127.0.0.1:3000/teams", { Referer: "http://127.0.0.1:3000/teams/1" }))).toBe(true);
    expect(isSameOrigin(post("http://127.0.0.1:3000/teams", { Referer: "http://evil.example/x" }))).toBe(false);
  });

  it.each([
    ["another site", { Origin: "http://evil.example" }],
    ["a look-alike host", { Origin: "http://127.0.0.1:3000.evil.example" }],
    ["another port", { Origin: "http://127.0.0.1:3001" }],
    ["another scheme", { Origin: "https://127.0.0.1:3000" }],
    ["an opaque origin", { Origin: "null" }],
    ["no Origin and no Referer", {}],
    ["an Origin that wins over a good Referer", { Origin: "http://evil.example", Referer: "http://127.0.0.1:3000/" }],
  ])("refuses %s", (_label, headers) => {
    expect(isSameOrigin(post("http://127.0.0.1:3000/teams", headers))).toBe(false);
  });

  it("refuses with 403", async () => {
    try {
      await requireSameOrigin(post("http://127.0.0.1:3000/logout", { Origin: "http://evil.example" }));
      expect.unreachable();
    } catch (error) {
      expect((error as { init?: ResponseInit }).init?.status).toBe(403);
    }
  });
});
