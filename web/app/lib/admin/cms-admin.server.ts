import http from "node:http";
import https from "node:https";
import { pipeline } from "node:stream/promises";
import { env } from "~/lib/env.server";
import { KINDS, type ItemByKind, type KindKey } from "./kinds";
import { at, type AdminMessageKey } from "./messages";
import { multipartBody, type MultipartFile } from "./multipart.server";
import type { FieldErrors } from "./schemas";
import { loginUrl, logoutRedirect, type Staff } from "./session.server";

/**
 * The admin's one way to the CMS's REST contract (spec section 7), from the server only:
 * the staff JWT goes in the Authorization header here and nowhere else. Failures become an
 * AdminCmsError with the CMS's message when it gave one; a 401 ends the session and
 * throws the redirect to /login (spec section 8).
 */
export class AdminCmsError extends Error {
  readonly status: number;
  /** The CMS's own message, when it sent one. */
  readonly serverMessage?: string;
  readonly errors?: FieldErrors;

  constructor(status: number, serverMessage?: string, errors?: FieldErrors) {
    super(serverMessage ?? `CMS answered ${status}`);
    this.name = "AdminCmsError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
  }

  /** The spec's rule: the server's message, otherwise the fallback for this failure. */
  messageOr(fallback: AdminMessageKey): string {
    return this.serverMessage || at(fallback);
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
}

function parseErrorBody(text: string): { message?: string; errors?: FieldErrors } {
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    const message = typeof body.message === "string" && body.message.trim() ? body.message : undefined;
    let errors: FieldErrors | undefined;
    if (body.errors && typeof body.errors === "object") {
      errors = {};
      for (const [field, list] of Object.entries(body.errors as Record<string, unknown>)) {
        const messages = (Array.isArray(list) ? list : [list]).filter((m): m is string => typeof m === "string");
        if (messages.length) errors[field] = messages;
      }
    }
    return { message, errors };
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
  const signals = [options.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (s): s is AbortSignal => Boolean(s),
  );
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
  return toReply<T>(response.status, response.status === 204 ? "" : await response.text());
}

function toReply<T>(status: number, text: string): CmsReply<T> {
  if (status === 204) return { status: 204, body: undefined as T };
  if (status < 200 || status >= 300) {
    const { message, errors } = parseErrorBody(text);
    throw new AdminCmsError(status, message, errors);
  }
  try {
    return { status, body: JSON.parse(text) as T };
  } catch {
    throw new AdminCmsError(502);
  }
}

export interface UploadOptions {
  method: "POST" | "PUT";
  token: string;
  fields: [string, string][];
  files?: MultipartFile[];
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
    return toReply<T>(response.statusCode ?? 502, text);
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
export async function staffUpload<T>(
  request: Request,
  staff: Staff,
  path: string,
  options: Omit<UploadOptions, "token" | "signal">,
) {
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

// ── Media addresses ───────────────────────────────────────────────────────────────────

/**
 * The CMS answers with absolute upload URLs (http://cms:1337/uploads/x.jpg). The web
 * server proxies /uploads/*, so pages use the same-origin path: the CSP allows it and
 * the CMS address never reaches the browser. Anything else is dropped.
 */
export function sameOriginMedia(url: unknown): string | null {
  if (typeof url !== "string" || !url) return null;
  try {
    const parsed = new URL(url, "http://relative.invalid");
    if (!/^\/uploads\/[A-Za-z0-9._\-/]+$/.test(parsed.pathname) || parsed.pathname.includes("..")) return null;
    return parsed.pathname;
  } catch {
    return null;
  }
}

type RawItem = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const strOrNull = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** A CMS item as the admin screens use it. */
export function toItem<K extends KindKey>(kind: K, raw: RawItem): ItemByKind[K] {
  const id = Number(raw.id);
  switch (kind) {
    case "team":
      return {
        id,
        name: str(raw.name),
        role: str(raw.role),
        bio: strOrNull(raw.bio),
        photoUrl: sameOriginMedia(raw.photoUrl),
        joined_at: strOrNull(raw.joined_at),
      } as ItemByKind[K];
    case "blog":
      return {
        id,
        title: str(raw.title),
        content: str(raw.content),
        author: str(raw.author),
        mediaUrl: sameOriginMedia(raw.mediaUrl),
        created_at: strOrNull(raw.created_at),
      } as ItemByKind[K];
    default:
      return {
        id,
        title: str(raw.title),
        description: str(raw.description),
        mediaUrl: sameOriginMedia(raw.mediaUrl),
        ...(kind === "video" ? { posterUrl: sameOriginMedia(raw.posterUrl) } : {}),
        created_at: strOrNull(raw.created_at),
      } as ItemByKind[K];
  }
}

// ── Reads and deletes ─────────────────────────────────────────────────────────────────

export type ListResult<K extends KindKey> = { items: ItemByKind[K][]; error: null } | { items: null; error: string };

export async function listItems<K extends KindKey>(request: Request, staff: Staff, kind: K): Promise<ListResult<K>> {
  const config = KINDS[kind];
  try {
    const { body } = await staffCall<{ results?: RawItem[] }>(request, staff, `/api/${config.api}`);
    return { items: (body.results ?? []).map((raw) => toItem(kind, raw)), error: null };
  } catch (error) {
    if (error instanceof AdminCmsError) return { items: null, error: error.messageOr(config.messages.fetchList) };
    throw error;
  }
}

export async function countItems(request: Request, staff: Staff, kind: KindKey): Promise<number | null> {
  try {
    const { body } = await staffCall<{ count?: number }>(request, staff, `/api/${KINDS[kind].api}?pageSize=1`);
    return typeof body.count === "number" ? body.count : null;
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}

export type ItemResult<K extends KindKey> =
  | { item: ItemByKind[K]; error: null; notFound: false }
  | { item: null; error: string | null; notFound: boolean };

export async function getItem<K extends KindKey>(
  request: Request,
  staff: Staff,
  kind: K,
  id: number | null,
): Promise<ItemResult<K>> {
  const config = KINDS[kind];
  if (!id) return { item: null, error: null, notFound: true };
  try {
    const { body } = await staffCall<RawItem>(request, staff, `/api/${config.api}/${id}`);
    return { item: toItem(kind, body), error: null, notFound: false };
  } catch (error) {
    if (error instanceof AdminCmsError) {
      if (error.status === 404 || error.status === 400) return { item: null, error: null, notFound: true };
      return { item: null, error: error.messageOr(config.messages.fetchOne), notFound: false };
    }
    throw error;
  }
}

export async function deleteItem(request: Request, staff: Staff, kind: KindKey, id: number): Promise<string | null> {
  const config = KINDS[kind];
  try {
    await staffCall(request, staff, `/api/${config.api}/${id}`, { method: "DELETE", timeoutMs: 30_000 });
    return null;
  } catch (error) {
    if (error instanceof AdminCmsError) return error.messageOr(config.messages.remove);
    throw error;
  }
}

// ── Demo content ──────────────────────────────────────────────────────────────────────

/** How many demo entries the site still shows, untouched by staff (null: the CMS could not say). */
export async function demoContentCount(request: Request, staff: Staff): Promise<number | null> {
  try {
    const { body } = await staffCall<{ count?: unknown }>(request, staff, "/api/demo-content");
    return typeof body.count === "number" ? body.count : null;
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}

/** Deletes the untouched demo entries (both languages, their files): how many, or the failure's text. */
export async function removeDemoContent(
  request: Request,
  staff: Staff,
): Promise<{ removed: number; error: null } | { removed: null; error: string }> {
  try {
    const { body } = await staffCall<{ removed?: unknown }>(request, staff, "/api/demo-content", {
      method: "DELETE",
      timeoutMs: 120_000,
    });
    return { removed: typeof body.removed === "number" ? body.removed : 0, error: null };
  } catch (error) {
    if (error instanceof AdminCmsError) return { removed: null, error: error.messageOr("common.somethingWrong") };
    throw error;
  }
}

export interface CurrentUser {
  id: number;
  username: string;
  email: string;
}

/**
 * GET /api/users/{sub}: who is signed in. It also proves the token is still good: a 401
 * (forged, expired, deleted user) ends the session. Other failures are only logged.
 */
export async function fetchCurrentUser(request: Request, staff: Staff): Promise<CurrentUser | null> {
  try {
    const { body } = await staffCall<Record<string, unknown>>(request, staff, `/api/users/${staff.userId}`);
    return { id: Number(body.id), username: str(body.username), email: str(body.email) };
  } catch (error) {
    if (error instanceof AdminCmsError) {
      // 403: the token is good but not for this id. Treat as signed out: it is not ours.
      if (error.status === 403) throw await logoutRedirect(request, loginUrl(request));
      console.error(`[admin] ${error.messageOr("dashboard.userFetchFailed")}`);
      return null;
    }
    throw error;
  }
}
