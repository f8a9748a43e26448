import http from "node:http";
import https from "node:https";
import { pipeline } from "node:stream/promises";
import { env } from "~/lib/env.server";
import type { AdminMessageKey, AdminT } from "./messages";
import { multipartBody, type MultipartFile } from "./multipart.server";
import type { FieldErrors } from "./schemas";
import { loginUrl, logoutRedirect, type Staff } from "./session.server";

/**
 * The admin's one way to the CMS's REST contract, from the server only:
 * the staff JWT goes in the Authorization header here and nowhere else. Failures become an
 * AdminCmsError with the CMS's message when it gave one; a 401 ends the session and
 * throws the redirect to /login.
 */
export class AdminCmsError extends Error {
  readonly status: number;
  /** The CMS's own message, when it sent one. */
  readonly serverMessage?: string;
  readonly errors?: FieldErrors;
  /** The whole answer the CMS gave with the failure (a conflict's stored version), if it was JSON. */
  readonly body?: Record<string, unknown>;

  constructor(status: number, serverMessage?: string, errors?: FieldErrors, body?: Record<string, unknown>) {
    super(serverMessage ?? `CMS answered ${status}`);
    this.name = "AdminCmsError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
    this.body = body;
  }

  /** The spec's rule: the server's message, otherwise the fallback for this failure, in the admin's language. */
  messageOr(fallback: AdminMessageKey, at: AdminT): string {
    return this.serverMessage ? at.contract(this.serverMessage) : at(fallback);
  }

  /** The CMS's field messages, in the admin's language. */
  fieldErrors(at: AdminT): FieldErrors | undefined {
    if (!this.errors) return undefined;
    return Object.fromEntries(Object.entries(this.errors).map(([field, messages]) => [field, messages.map(at.contract)]));
  }
}

interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  token?: string;
  body?: FormData | Record<string, unknown>;
  headers?: Record<string, string>;
  /** The page request's signal: a visitor who leaves stops the CMS call too. */
  signal?: AbortSignal;
  /** Default CMS_TIMEOUT_MS for reads; writes pass longer ones; 0 = none. */
  timeoutMs?: number;
}

export interface CmsReply<T> {
  status: number;
  body: T;
  /** The version of the entry read or written (the CMS's ETag), when it sent one. */
  etag: string | null;
}

function parseErrorBody(text: string): { message?: string; errors?: FieldErrors; body?: Record<string, unknown> } {
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    if (!body || typeof body !== "object") return {};
    const message = typeof body.message === "string" && body.message.trim() ? body.message : undefined;
    let errors: FieldErrors | undefined;
    if (body.errors && typeof body.errors === "object") {
      errors = {};
      for (const [field, list] of Object.entries(body.errors as Record<string, unknown>)) {
        const messages = (Array.isArray(list) ? list : [list]).filter((m): m is string => typeof m === "string");
        if (messages.length) errors[field] = messages;
      }
    }
    return { message, errors, body: body as Record<string, unknown> };
  } catch {
    return {};
  }
}

/** One HTTP call to the CMS. Throws AdminCmsError (status 0 = unreachable or timed out). */
export async function cmsCall<T>(path: string, options: CallOptions = {}): Promise<CmsReply<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const timeoutMs = options.timeoutMs ?? env.CMS_TIMEOUT_MS;
  const signals = [options.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => Boolean(s));
  let response: Response;
  try {
    response = await fetch(`${env.CMS_URL}${path}`, {
      method: options.method ?? "GET",
      headers,
      body,
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    });
  } catch (error) {
    // The visitor went away: let React Router see the abort as it is.
    if (options.signal?.aborted) throw error;
    console.error(`[admin] CMS ${options.method ?? "GET"} ${path} failed: ${describe(error)}`);
    throw new AdminCmsError(0);
  }
  return toReply<T>(response.status, response.status === 204 ? "" : await response.text(), response.headers.get("etag"));
}

function toReply<T>(status: number, text: string, etag: string | null): CmsReply<T> {
  if (status === 204) return { status: 204, body: undefined as T, etag };
  if (status < 200 || status >= 300) {
    const { message, errors, body } = parseErrorBody(text);
    throw new AdminCmsError(status, message, errors, body);
  }
  try {
    return { status, body: JSON.parse(text) as T, etag };
  } catch {
    throw new AdminCmsError(502);
  }
}

export interface UploadOptions {
  method: "POST" | "PUT";
  token: string;
  fields: [string, string][];
  files?: MultipartFile[];
  /** More request headers (If-Match). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs: number;
}

/**
 * A multipart write to the CMS, its file streamed from disk through node:http with
 * backpressure (see multipart.server.ts for why not fetch). Same errors as cmsCall.
 */
export async function cmsUpload<T>(path: string, options: UploadOptions): Promise<CmsReply<T>> {
  const body = await multipartBody(options.fields, options.files);
  const url = new URL(`${env.CMS_URL}${path}`);
  const client = url.protocol === "https:" ? https : http;
  const signals = [options.signal, AbortSignal.timeout(options.timeoutMs)].filter((s): s is AbortSignal => Boolean(s));
  const signal = AbortSignal.any(signals);
  try {
    const request = client.request(url, {
      method: options.method,
      signal,
      headers: {
        ...options.headers,
        accept: "application/json",
        authorization: `Bearer ${options.token}`,
        "content-type": body.contentType,
        "content-length": String(body.length),
      },
    });
    const responded = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once("response", resolve);
      request.once("error", reject);
    });
    // The CMS may answer early (401, 413) and stop reading: its answer is what counts.
    const sent = pipeline(body.stream(), request).catch(() => {});
    const response = await responded;
    let text = "";
    response.setEncoding("utf8");
    for await (const chunk of response) text += chunk;
    await sent;
    const etag = response.headers.etag;
    return toReply<T>(response.statusCode ?? 502, text, typeof etag === "string" ? etag : null);
  } catch (error) {
    if (error instanceof AdminCmsError) throw error;
    if (options.signal?.aborted) throw error;
    console.error(`[admin] CMS ${options.method} ${path} upload failed: ${describe(error)}`);
    throw new AdminCmsError(0);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? error.name + ": " + error.message;
  }
  return String(error);
}

/**
 * A call made for a signed-in member of staff. A 401 (missing, invalid or expired token)
 * clears the session and throws the redirect to /login, as the spec says.
 */
export async function staffCall<T>(request: Request, staff: Staff, path: string, options: CallOptions = {}) {
  try {
    return await cmsCall<T>(path, { signal: request.signal, ...options, token: staff.token });
  } catch (error) {
    throw await sessionEndedOr(request, error);
  }
}

/** cmsUpload for a signed-in member of staff (a 401 ends the session, as above). */
export async function staffUpload<T>(request: Request, staff: Staff, path: string, options: Omit<UploadOptions, "token" | "signal">) {
  try {
    return await cmsUpload<T>(path, { signal: request.signal, ...options, token: staff.token });
  } catch (error) {
    throw await sessionEndedOr(request, error);
  }
}

async function sessionEndedOr(request: Request, error: unknown): Promise<unknown> {
  if (error instanceof AdminCmsError && error.status === 401) return logoutRedirect(request, loginUrl(request));
  return error;
}

/** A failed CMS call as the admin answers it: the CMS's field errors and 4xx as they are, its own
 * failures as 502, an unreachable CMS as 503, with the CMS's message or the given fallback. */
export function cmsFailure(
  error: AdminCmsError,
  fallbacks: { failure: AdminMessageKey; notFound: AdminMessageKey },
  at: AdminT,
): { status: number; message: string; errors: FieldErrors } {
  if (error.status === 404) return { status: 404, message: at(fallbacks.notFound), errors: {} };
  const status = error.status === 0 ? 503 : error.status >= 500 ? 502 : error.status;
  return { status, message: error.messageOr(fallbacks.failure, at), errors: error.fieldErrors(at) ?? {} };
}
