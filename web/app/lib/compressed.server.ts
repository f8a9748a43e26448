import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** br, then gzip, then nothing, as the client's Accept-Encoding allows (q=0 means no). */
export function pickEncoding(acceptEncoding: string | null | undefined): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

/** A text body in each encoding a browser may ask for (zlib's buffers are ArrayBuffer-backed). */
export interface CompressedBody {
  identity: Buffer<ArrayBuffer>;
  br: Buffer<ArrayBuffer>;
  gzip: Buffer<ArrayBuffer>;
}

/**
 * Compresses `text` once, off the main thread (zlib's thread pool), for a body sent many times:
 * a sitemap of 10,000 posts is 8 MB of XML, and compressing it per request (100-300 ms of CPU)
 * would let anyone keep the web server busy by asking for it again and again.
 */
export async function compressOnce(text: string): Promise<CompressedBody> {
  const identity = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(identity, { level: 6 }),
  ]);
  return { identity, br: br as Buffer<ArrayBuffer>, gzip: gz as Buffer<ArrayBuffer> };
}

/**
 * The response for `request` with the body in the encoding it accepts. The compression middleware
 * leaves a response that has a Content-Encoding alone.
 */
export function compressedResponse(request: Request, body: CompressedBody, headers: Record<string, string>): Response {
  const encoding = pickEncoding(request.headers.get("accept-encoding"));
  return new Response(encoding ? body[encoding] : body.identity, {
    headers: { ...headers, Vary: "Accept-Encoding", ...(encoding ? { "Content-Encoding": encoding } : {}) },
  });
}
