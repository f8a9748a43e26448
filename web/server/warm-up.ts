/**
 * After a (re)start, requests the site's main pages from this process once, one after another,
 * so they are in the caches before visitors arrive, instead of every first visitor waiting on a
 * cold CMS at the same moment. Visitors arriving meanwhile share the renders under way. Failures
 * (the CMS is not up) are left to the visitors' own requests. Resolves with what it did.
 */
export async function warmUp(origin: string, paths: readonly string[]): Promise<{ pages: number; ok: number; ms: number }> {
  const started = performance.now();
  let ok = 0;
  for (const path of paths) {
    try {
      const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "br, gzip" }, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.ok) ok++;
    } catch {
      // not up yet, or too slow: the visitors' requests try again
    }
  }
  return { pages: paths.length, ok, ms: Math.round(performance.now() - started) };
}
