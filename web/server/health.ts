import type { Request, Response } from "express";

export interface ReadinessOptions {
  /** The CMS's readiness endpoint (its database answers). */
  cmsReadyUrl: string;
  /** Copies the caches hold (CMS reads and pages): what can be served while the CMS is away. */
  copies: () => number;
  /** Whether the warm-up after start (server/warm-up.ts) is still rendering the main pages. */
  warming: () => boolean;
  timeoutMs?: number;
}

/** GET /_health: liveness. The process runs its event loop; restart it only when this fails. */
export function liveness(_req: Request, res: Response) {
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("ok");
}

/**
 * GET /readyz: readiness. 200 when this process can serve pages: it has finished rendering its
 * main pages after start, and the CMS is ready or the caches hold last good copies to serve while
 * it is not (a load balancer should keep sending visitors then). 503 otherwise: while warming up,
 * or when started while the CMS is down (only error pages to serve).
 * The body says which: `{"ready": true, "warming": false, "cms": "up" | "down", "copies": 42}`.
 */
export function createReadiness(opts: ReadinessOptions) {
  const timeoutMs = opts.timeoutMs ?? 1000;
  return async function readiness(_req: Request, res: Response) {
    let cms: "up" | "down" = "down";
    try {
      const response = await fetch(opts.cmsReadyUrl, { signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
      if (response.ok) cms = "up";
    } catch {
      // down or too slow: the copies decide
    }
    const copies = opts.copies();
    const warming = opts.warming();
    const ready = !warming && (cms === "up" || copies > 0);
    res.setHeader("Cache-Control", "no-store");
    res.status(ready ? 200 : 503).json({ ready, warming, cms, copies });
  };
}
