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

export type Encoding = "br" | "gzip" | "identity";

/**
 * Brotli for a text body compressed once and sent many times (kept pages, sitemap files): quality
 * 5, on the home page (85 KB) 0.9 ms and 10.5 KB, where quality 9 takes 15 ms for 10.3 KB, more
 * than rendering the page, paid for every page after every edit.
 */
export async function brotliText(body: Buffer): Promise<Buffer<ArrayBuffer>> {
  const encoded = await brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  return encoded as Buffer<ArrayBuffer>; // zlib's buffers are ArrayBuffer-backed
}

/**
 * A text body sent many times, compressed once per encoding asked for, off the main thread
 * (zlib's thread pool): a sitemap of 10,000 posts is 8 MB of XML, and compressing it per request
 * (100-300 ms of CPU) would let anyone keep the web server busy by asking for it again and again.
 * Each encoding is made when first asked for, so a body sent once costs what one response costs.
 */
export class CompressedBody {
  private readonly identity: Buffer<ArrayBuffer>;
  private readonly encoded = new Map<Encoding, Promise<Buffer<ArrayBuffer>>>();

  constructor(text: string) {
    this.identity = Buffer.from(text);
  }

  /** The body in `encoding`, made on first use. */
  in(encoding: Encoding): Promise<Buffer<ArrayBuffer>> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = encode(this.identity, encoding);
      body.catch(() => this.encoded.delete(encoding)); // tried again by the next request
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

async function encode(identity: Buffer<ArrayBuffer>, encoding: Encoding): Promise<Buffer<ArrayBuffer>> {
  if (encoding === "identity") return identity;
  if (encoding === "br") return brotliText(identity);
  return (await gzip(identity, { level: 6 })) as Buffer<ArrayBuffer>;
}

/**
 * The response for `request` with the body in the encoding it accepts. The compression middleware
 * leaves a response with a Content-Encoding alone, and one marked `no-transform`: a client that
 * takes neither brotli nor gzip (`deflate` only) gets the body as it is, not compressed afresh.
 */
export async function compressedResponse(request: Request, body: CompressedBody, headers: Record<string, string>): Promise<Response> {
  const encoding = pickEncoding(request.headers.get("accept-encoding"));
  const encodingHeaders: Record<string, string> = encoding
    ? { "Content-Encoding": encoding }
    : { "Cache-Control": [headers["Cache-Control"], "no-transform"].filter(Boolean).join(", ") };
  return new Response(await body.in(encoding ?? "identity"), {
    headers: { ...headers, Vary: "Accept-Encoding", ...encodingHeaders },
  });
}
