import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { documentCacheControl } from "~/lib/http-cache";
import { NonceProvider } from "~/lib/nonce";
import type { PageHandle } from "~/lib/static-page";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const setCacheControl = () =>
    responseHeaders.set("Cache-Control", documentCacheControl(responseStatusCode, responseHeaders.get("Cache-Control")));
  setCacheControl();
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // server/app.ts makes a fresh nonce per request and puts the same value in the CSP
  // header; the dev server (no CSP) passes no context, so the nonce is simply empty.
  const nonce = loadContext?.nonce ?? "";
  const app = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );

  // Public pages are not hydrated (ADR 006): no loader data is streamed after the document and
  // nothing suspends, so the page is rendered to one string at once, without the streaming
  // machinery (about a quarter less CPU per page).
  if (isStaticPage(routerContext)) {
    // As bytes: a string body is first checked character by character for lone surrogates.
    const html = Buffer.from(`<!DOCTYPE html>${renderToString(app)}`);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    setCacheControl();
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; browsers get the shell streamed early.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = coalescing(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        setCacheControl(); // the status may have become 500 while rendering
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

/**
 * React writes the document in many small pieces, and React Router flushes the response
 * after each one: with gzip that ends a compression block every few hundred bytes and
 * nearly doubles the page (25 KB instead of 13 KB for the home page). The pages stream
 * no deferred data, so the pieces are gathered into blocks of 64 KB (and the rest at the end).
 */
function coalescing(onEnd: () => void): PassThrough {
  const BLOCK = 64 * 1024;
  let pending: Buffer[] = [];
  let size = 0;
  return new PassThrough({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.length;
      if (size < BLOCK) return callback();
      const block = Buffer.concat(pending);
      pending = [];
      size = 0;
      callback(null, block);
    },
    flush(callback) {
      onEnd();
      callback(null, size ? Buffer.concat(pending) : undefined);
    },
  });
}

// Expected failures (CMS down -> 503, unknown page -> 404) are thrown as responses and
// need no log line; anything else is logged once here, never shown to visitors.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};

/** The deepest matched route says whether the page is hydrated (app/lib/static-page.ts). */
function isStaticPage(context: EntryContext): boolean {
  const leaf = context.staticHandlerContext.matches.at(-1);
  return leaf ? (context.routeModules[leaf.route.id]?.handle as PageHandle | undefined)?.hydrate === false : false;
}
