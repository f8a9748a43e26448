import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CompressedBody, compressedResponse, pickEncoding } from "./compressed.server";

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

describe("a body compressed once", () => {
  const text = `<?xml version="1.0"?>\n<urlset>${"<url><loc>https://example.org/ne/blogs/details/1</loc></url>".repeat(2000)}</urlset>`;
  const get = (acceptEncoding?: string) =>
    new Request("http://site.test/sitemap.xml", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  const headers = { "Content-Type": "application/xml; charset=utf-8" };

  it("answers each client in the encoding it takes, with the same text inside", async () => {
    const body = new CompressedBody(text);
    const br = await compressedResponse(get("gzip, br"), body, headers);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    const gzip = await compressedResponse(get("gzip"), body, headers);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);
    const plain = await compressedResponse(get(), body, headers);
    expect(plain.headers.has("content-encoding")).toBe(false);
    expect(await plain.text()).toBe(text);
    // Deflate only: sent as it is, marked so that no middleware compresses it again per request.
    const deflate = await compressedResponse(get("deflate"), body, { ...headers, "Cache-Control": "public, max-age=600" });
    expect(deflate.headers.has("content-encoding")).toBe(false);
    expect(deflate.headers.get("cache-control")).toBe("public, max-age=600, no-transform");
    for (const response of [br, gzip, plain]) {
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    }
  });

  it("compresses each encoding once, when first asked for, and much smaller", async () => {
    const body = new CompressedBody(text);
    const first = await body.in("br");
    expect(await body.in("br")).toBe(first);
    expect(first.length * 20).toBeLessThan(Buffer.byteLength(text));
    expect((await body.in("gzip")).length * 20).toBeLessThan(Buffer.byteLength(text));
  });
});
