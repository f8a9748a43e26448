import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Request, type Response } from "express";

/** Calls older (or further in the future) than this are refused: a captured call cannot be replayed later. */
export const MAX_CLOCK_SKEW_MS = 60_000;

export type RevalidateCheck =
  | { ok: true; uid: string; action: string; at: number }
  | { ok: false; status: 401 | 403 | 400; reason: string };

/**
 * Checks a content-change call from the CMS (cms/src/content-change-notifier.ts):
 * `x-cms-signature: sha256=<hex HMAC-SHA256 of the raw body with WEB_PROXY_SECRET>` and a body
 * `{"uid": "api::blog.blog", "action": "update", "at": <ms epoch>}` no older than a minute.
 */
export function checkRevalidateCall(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
  now = Date.now(),
): RevalidateCheck {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signatureHeader?.trim() ?? "");
  if (!match) return { ok: false, status: 401, reason: "missing or malformed signature" };
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, "hex");
  // Both are 32 bytes (the pattern above), so timingSafeEqual cannot throw on length.
  if (!timingSafeEqual(expected, given)) return { ok: false, status: 403, reason: "bad signature" };
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return { ok: false, status: 400, reason: "body is not JSON" };
  }
  const { uid, action, at } = (body ?? {}) as { uid?: unknown; action?: unknown; at?: unknown };
  if (typeof at !== "number" || !Number.isFinite(at)) return { ok: false, status: 400, reason: "missing timestamp" };
  if (Math.abs(now - at) > MAX_CLOCK_SKEW_MS) return { ok: false, status: 403, reason: "stale timestamp" };
  return { ok: true, uid: typeof uid === "string" ? uid : "", action: typeof action === "string" ? action : "", at };
}

/**
 * POST /_internal/revalidate: the CMS tells us content changed; `invalidate` marks out of date the
 * cached reads and pages made from the content of that type (app/lib/cache.server.ts).
 * Without WEB_PROXY_SECRET the endpoint does not exist (404): nothing could be verified.
 */
export function createRevalidateHandler(opts: { secret: string | undefined; invalidate: (changedAt: number, uid: string) => void }) {
  const router = express.Router();
  router.post("/", express.raw({ type: () => true, limit: "8kb" }), (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (!opts.secret) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const check = checkRevalidateCall(raw, req.get("x-cms-signature"), opts.secret);
    if (!check.ok) {
      res.status(check.status).type("text/plain").send(check.reason);
      return;
    }
    opts.invalidate(check.at, check.uid);
    res.status(204).end();
  });
  router.all("/", (_req, res) => {
    res.setHeader("Allow", "POST");
    res.status(405).end();
  });
  return router;
}
