import type { ServerOptions } from "node:http";

export interface ServerTimeouts {
  /** All of a request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** A whole request (the longest: an upload) must arrive within this. */
  uploadTimeoutMs: number;
}

/**
 * Options of the web's HTTP server. Node closes a connection whose headers, or whose whole
 * request, take longer than these (408); it checks every `connectionsCheckingInterval`, so the
 * interval is a small part of the headers timeout (Node's default of 30 s would let a slow
 * client hold a connection 30 s past it). Bodies that are not uploads have a shorter deadline
 * of their own (request-limits.ts).
 */
export function httpServerOptions(timeouts: ServerTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.uploadTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersTimeoutMs / 4))),
  };
}
