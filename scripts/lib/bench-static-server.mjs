#!/usr/bin/env node
// The benchmark's ceiling: a plain static file server (no framework), files read once into
// memory with their precompressed .br / .gz twins, as nginx with gzip_static/brotli_static would.
//   node scripts/lib/bench-static-server.mjs <dir> <port>
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const [dir, port] = process.argv.slice(2);
const files = new Map();
for (const name of readdirSync(dir)) {
  if (/\.(br|gz)$/.test(name)) continue;
  const full = path.join(dir, name);
  const body = readFileSync(full);
  files.set(`/${name}`, {
    body,
    br: existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : null,
    gz: existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`) : null,
    etag: `"${createHash("sha1").update(body).digest("hex")}"`,
    type: name.endsWith(".html") ? "text/html; charset=utf-8" : "application/octet-stream",
  });
}

http
  .createServer((req, res) => {
    const file = files.get(req.url === "/" ? "/index.html" : (req.url ?? "").split("?")[0]);
    if (!file) return res.writeHead(404).end();
    const accept = req.headers["accept-encoding"] ?? "";
    const [body, encoding] =
      /\bbr\b/.test(accept) && file.br ? [file.br, "br"] : /\bgzip\b/.test(accept) && file.gz ? [file.gz, "gzip"] : [file.body, null];
    res.writeHead(200, {
      "Content-Type": file.type,
      "Content-Length": body.length,
      ETag: file.etag,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log(`static server on ${port}`));
