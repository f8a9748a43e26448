import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { type AppLoadContext, createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { requestBody } from "./request-limits";

/**
 * Express <-> fetch for React Router (what @react-router/express does), with one difference:
 * a request's body reaches the route through `requestBody` (server/request-limits.ts), bounded
 * while it streams in, and a body cut short aborts the request's signal.
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  {
    abortable = true,
    method = req.method,
    url: pathAndQuery = req.originalUrl,
  }: {
    abortable?: boolean;
    method?: string;
    /** Path and query to request instead of the visitor's (the page cache's canonical form). */
    url?: string;
  } = {},
): Request {
  const [, hostPortStr] = req.get("host")?.split(":") ?? [];
  const hostPort = Number.parseInt(hostPortStr ?? "", 10);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(hostPort) ? `:${hostPort}` : ""}${pathAndQuery}`);
  const controller = new AbortController();
  // A render other visitors share (or that refreshes the page cache) goes on when its first visitor
  // leaves; any other request stops when its visitor goes away before the answer was sent.
  if (abortable) {
    let finished = false;
    res.on("finish", () => (finished = true));
    res.on("close", () => {
      if (!finished) controller.abort();
    });
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = requestBody(req, res, () => controller.abort());
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

export async function sendResponse(res: ExpressResponse, response: Response) {
  // Answered already (a refused body: request-limits.ts), or the visitor went away.
  if (res.headersSent || res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) {
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      throw error;
    }
  } else {
    res.end();
  }
}

export interface RequestHandlerOptions {
  /** React Router's handler (`routerRequestHandler`), or a stand-in (tests). */
  handleRequest: (request: Request, context: AppLoadContext) => Promise<Response>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}

/** React Router for every request (the page handler takes GET and HEAD first). */
export function createRouterHandler(opts: RequestHandlerOptions) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await opts.handleRequest(toFetchRequest(req, res), opts.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * React Router's handler for `build`. Given a function, React Router works out its routes again
 * (flattened, ranked, regexes compiled) on every request: right for the dev server, whose routes
 * change under it, but a tenth of a rendered page's CPU where the build never changes. Outside
 * development the function is called once, on the first request, and its build kept.
 */
export function routerRequestHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string | undefined): RequestHandler {
  if (typeof build !== "function" || mode === "development") return createRequestHandler(build, mode);
  let handler: Promise<RequestHandler> | undefined;
  return async (request, context) => {
    handler ??= build().then(
      (resolved) => createRequestHandler(resolved, mode),
      (error: unknown) => {
        handler = undefined; // tried again by the next request
        throw error;
      },
    );
    return (await handler)(request, context);
  };
}
