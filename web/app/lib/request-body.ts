/**
 * What a route accepts as a request body, declared in its `handle` and enforced by the server
 * while the body streams in (server/request-limits.ts): a bigger body is refused with 413
 * before it is held in memory. Routes that declare nothing read at most REQUEST_BODY_MAX_BYTES
 * (64 KiB: a login or delete form is a few hundred bytes).
 *
 *   export const handle = UPLOAD_ROUTE;
 */
export interface BodyRules {
  /** Largest body (other than an upload) the route's action reads, in bytes. */
  maxBytes?: number;
  /**
   * multipart/form-data bodies are uploads: the action streams them to disk under its own
   * per-file limits (app/lib/admin/upload.server.ts), so they are not capped here and may
   * take as long as UPLOAD_TIMEOUT_MS.
   */
  uploads?: boolean;
}

export interface BodyHandle {
  body?: BodyRules;
}

/** The admin's create pages and upload endpoint: multipart uploads, nothing else. */
export const UPLOAD_ROUTE: BodyHandle = { body: { uploads: true } };

/** Room for the Nepali tab's longest text (100,000 characters of Devanagari, percent-encoded). */
export const NEPALI_FORM_MAX_BYTES = 2 * 1024 * 1024;

/** The admin's edit pages: uploads (the English form), or the Nepali tab's urlencoded form. */
export const EDIT_ROUTE: BodyHandle = { body: { uploads: true, maxBytes: NEPALI_FORM_MAX_BYTES } };

/** The list of children's names: up to a thousand names of a hundred Devanagari letters, percent-encoded. */
export const CHILD_NAMES_ROUTE: BodyHandle = { body: { maxBytes: 2 * 1024 * 1024 } };
