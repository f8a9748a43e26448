import { describe, expect, it } from "vitest";
import { isShareablePage, pickEncoding } from "./page-handler";

const page = (status: number, headers: Record<string, string>) => new Response("<html></html>", { status, headers });

describe("isShareablePage", () => {
  it("keeps only 200 HTML pages that say public and set no cookie", () => {
    const html = { "content-type": "text/html; charset=utf-8" };
    expect(isShareablePage(page(200, { ...html, "cache-control": "public, max-age=0, s-maxage=60" }))).toBe(true);
    expect(isShareablePage(page(200, { ...html, "cache-control": "no-store" }))).toBe(false);
    expect(isShareablePage(page(200, html))).toBe(false);
    expect(isShareablePage(page(503, { ...html, "cache-control": "public, s-maxage=60" }))).toBe(false);
    expect(isShareablePage(page(200, { ...html, "cache-control": "public", "set-cookie": "s=1" }))).toBe(false);
    expect(isShareablePage(page(200, { "content-type": "application/json", "cache-control": "public" }))).toBe(false);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("*")).toBe("br");
  });
});
