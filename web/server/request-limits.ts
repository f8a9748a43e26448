import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import type { ServerBuild } from "react-router";
import type { BodyHandle, BodyRules } from "~/lib/request-body";
import { routeHandleOf } from "./routes";

/**
 * Request bodies are bounded while they stream in, before anything holds them in memory:
 * each route reads at most what its `handle.body` declares (app/lib/request-body.ts; 64 KiB
 * when it declares nothing) and a body that is not an upload must arrive within a short time.
 * A bigger body gets 413 (a declared Content-Length at once, unread; a chunked one as soon as
 * it passes the limit), a slow one 408. Uploads (multipart to a route that takes them) are
 * streamed to disk by the route under its own limits and may take as long as the server's
 * request timeout (UPLOAD_TIMEOUT_MS). Any answer given before the whole body has arrived
 * says `Connection: close`: the client stops sending, and what it still sends is dropped.
 */
export interface RequestLimitsOptions {
  /** Largest body of a route that declares no `maxBytes`. */
  maxBodyBytes: number;
  /** How long a body that is not an upload may take to arrive. */
  bodyTimeoutMs: number;
  /** The body rules of the route a request is for. */
  rulesFor: (req: Request) => BodyRules | undefined | Promise<BodyRules | undefined>;
}

const LIMIT = "maxBodyBytes";
/** How long a refused client may go on sending (dropped) before its connection is cut. */
const LINGER_MS = 5000;

export const REFUSALS = {
  408: "The request body arrived too slowly.",
  413: "The request body is too large.",
} as const;

/** Whether the request carries a body at all (as Node's HTTP parser decides). */
function hasBody(req: IncomingMessage): boolean {
  return Boolean(req.headers["transfer-encoding"]) || Number(req.headers["content-length"] ?? 0) > 0;
}

const isMultipart = (req: IncomingMessage) => /^multipart\/form-data\b/i.test(req.headers["content-type"] ?? "");

/**
 * Node ends a `Connection: close` answer's socket as soon as the answer is written; request
 * bytes still arriving then make the kernel reset the connection, and the client may lose the
 * answer it was sent (a 413 reported as "connection reset" or EPIPE). This socket instead sends
 * the answer and its end, keeps reading and dropping what the client still sends until the
 * client closes too, and is destroyed after `ms` at the latest (a "lingering close", as nginx
 * and Apache do).
 */
function closeGracefully(socket: Socket, ms: number): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), ms);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}

/** Answers 408 or 413 and closes the connection (or just closes it once an answer has begun). */
export function refuse(res: Response, status: keyof typeof REFUSALS): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(REFUSALS[status]);
}

export function createRequestLimits(options: RequestLimitsOptions) {
  return async function requestLimits(req: Request, res: Response, next: NextFunction) {
    if (!hasBody(req)) {
      res.locals[LIMIT] = 0;
      return next();
    }
    let rules: BodyRules | undefined;
    try {
      rules = await options.rulesFor(req);
    } catch (error) {
      return next(error);
    }
    const upload = rules?.uploads === true && isMultipart(req);
    const maxBytes = upload ? Number.POSITIVE_INFINITY : (rules?.maxBytes ?? options.maxBodyBytes);
    onHeaders(res, () => {
      if (req.complete) return;
      res.setHeader("Connection", "close");
      closeGracefully(req.socket, Math.min(LINGER_MS, options.bodyTimeoutMs));
    });
    if (Number(req.headers["content-length"] ?? 0) > maxBytes) return refuse(res, 413);
    res.locals[LIMIT] = maxBytes;
    if (!upload) {
      const timer = setTimeout(() => {
        if (!req.complete) refuse(res, 408);
      }, options.bodyTimeoutMs);
      const clear = () => clearTimeout(timer);
      res.once("finish", clear);
      res.once("close", clear);
    }
    next();
  };
}

/**
 * The request's body for a fetch Request, within the limit the middleware set: past it the
 * client gets 413 and the stream errors (so `request.formData()` never holds more than the
 * limit). `onCut` runs whenever the body stops early (refused, or answered before it was
 * read), so the work for the request can be aborted. Cancelling the stream (a parser that gave
 * up) stops reading but never destroys the socket: the route still sends its answer.
 */
export function requestBody(req: Request, res: Response, onCut: () => void): ReadableStream<Uint8Array> {
  const maxBytes = typeof res.locals[LIMIT] === "number" ? (res.locals[LIMIT] as number) : 0;
  let received = 0;
  let done = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const stop = () => {
    done = true;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    res.off("finish", onAnswered);
    res.off("close", onAnswered);
    // What still arrives is read and dropped until the connection closes.
    req.resume();
  };
  const fail = (error: Error) => {
    stop();
    onCut();
    controller.error(error);
  };
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > maxBytes) {
      refuse(res, 413);
      fail(new Error(REFUSALS[413]));
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  }
  function onEnd() {
    stop();
    controller.close();
  }
  function onError(error: Error) {
    fail(error);
  }
  function onAnswered() {
    fail(new Error("The request was answered before its body arrived."));
  }

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
        res.once("finish", onAnswered);
        res.once("close", onAnswered);
      },
      pull() {
        if (!done) req.resume();
      },
      cancel() {
        if (!done) stop();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

// ── The route a request is for ──────────────────────────────────────────────────────────

/** The body rules of the route `pathname` is for, its data requests (`/teams/new.data`) included. */
export function bodyRulesOf(build: ServerBuild, pathname: string): BodyRules | undefined {
  return (routeHandleOf(build, pathname, { dataRequests: true }) as BodyHandle | undefined)?.body;
}
