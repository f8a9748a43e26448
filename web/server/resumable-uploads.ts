import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type { UploadLimits } from "~/lib/admin/kinds";
import { isUploadIdOf, MAX_PENDING_UPLOADS, ownerPrefix, pendingUploadsOf } from "~/lib/admin/resumable-uploads.server";
import { isAllowedFile } from "~/lib/admin/schemas";

/**
 * The tus server of the admin's resumable uploads (POST to create, HEAD to ask how much
 * arrived, PATCH to send more from there, DELETE to give up). Photos and videos of the admin
 * forms arrive here in 2 MiB pieces; what a cut connection had already sent stays on disk, so the
 * browser goes on from the last byte that arrived. The form's save then names the upload
 * (app/lib/admin/upload.server.ts).
 *
 * Mounted before the request-body limits: tus bounds each body itself (Upload-Length, checked
 * here against the form's own limits, and the offset), and a PATCH may take as long as the
 * server's upload timeout. Only the signed-in person who created an upload may touch it; ids of
 * others answer 404 as unknown ones do.
 */

export interface ResumableUploadsOptions {
  path: string;
  store: FileStore;
  /** The same limits the admin forms and the save actions apply. */
  limits: () => UploadLimits;
  /** The signed-in person of a request (by the session cookie), or null. */
  userOf: (req: Request, res: Response) => Promise<number | null>;
  /** Whether a request that changes something comes from a page of this site. */
  isSameOrigin: (req: Request, res: Response) => boolean;
  maxPending?: number;
}

/** The tus error shape: @tus/server answers with its status and body. */
class Refusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

const METHODS = new Set(["POST", "HEAD", "PATCH", "DELETE"]);
const CHANGES = new Set(["POST", "PATCH", "DELETE"]);

/** The person an upload request is for: set by the handler below before tus sees the request. */
const userOfRequest = new WeakMap<object, number>();

function nodeRequestOf(req: unknown): object | undefined {
  // srvx (under @tus/server) exposes the Node request it wraps.
  return (req as { runtime?: { node?: { req?: object } } }).runtime?.node?.req;
}

function userOfTus(req: unknown): number {
  const node = nodeRequestOf(req);
  const userId = node ? userOfRequest.get(node) : undefined;
  // The handler refuses requests without a person before tus runs: never reached otherwise.
  if (!userId) throw new Refusal(401, "Not signed in\n");
  return userId;
}

export function createResumableUploads(options: ResumableUploadsOptions) {
  const maxPending = options.maxPending ?? MAX_PENDING_UPLOADS;
  const tus = new Server({
    path: options.path,
    datastore: options.store,
    // Location: /admin/uploads/<id>, never built from Host or X-Forwarded-* headers.
    relativeLocation: true,
    maxSize: () => Math.max(options.limits().imageMaxBytes, options.limits().videoMaxBytes),
    // Same origin only: no CORS answers at all.
    allowedOrigins: () => false,
    namingFunction: (req) => `${ownerPrefix(userOfTus(req))}${randomBytes(16).toString("hex")}`,
    async onIncomingRequest(req, id) {
      if (!isUploadIdOf(userOfTus(req), id)) throw new Refusal(404, "Not found\n");
    },
    async onUploadCreate(req, upload) {
      const userId = userOfTus(req);
      const { filetype, filename, kind } = upload.metadata ?? {};
      const refusal = refusalOf({ type: filetype ?? "", name: filename ?? "", kind: kind ?? "", size: upload.size }, options.limits());
      if (refusal) throw refusal;
      if ((await pendingUploadsOf(userId, options.store)) >= maxPending) throw new Refusal(429, "Too many unfinished uploads\n");
      // Only what the save needs, as checked: nothing else the client sent is kept.
      return { metadata: { filetype: filetype!, filename: filename!, kind: kind! } };
    },
  });

  async function handler(req: Request, res: Response, next: NextFunction) {
    res.setHeader("Cache-Control", "no-store");
    if (!METHODS.has(req.method)) {
      res.setHeader("Allow", [...METHODS].join(", "));
      res.status(405).type("text/plain").send("Method not allowed\n");
      return;
    }
    // tus clients may tunnel PATCH through POST with this header; ours never do.
    if (req.headers["x-http-method-override"] !== undefined) {
      res.status(400).type("text/plain").send("Method override not allowed\n");
      return;
    }
    if (CHANGES.has(req.method) && !options.isSameOrigin(req, res)) {
      res.status(403).type("text/plain").send("Forbidden\n");
      return;
    }
    try {
      const userId = await options.userOf(req, res);
      if (!userId) {
        res.status(401).setHeader("Tus-Resumable", "1.0.0");
        res.type("text/plain").send("Not signed in\n");
        return;
      }
      userOfRequest.set(req, userId);
      await tus.handle(req, res);
    } catch (error) {
      next(error);
    }
  }

  return {
    handler,
    /** Removes unfinished uploads past their expiry; returns how many. */
    cleanUpExpired: () => tus.cleanUpExpiredUploads(),
  };
}

/** Why an upload may not begin, or null: the type, name and size rules of the admin forms. */
export function refusalOf(
  file: { type: string; name: string; kind: string; size: number | undefined },
  limits: UploadLimits,
): Refusal | null {
  if (file.kind !== "image" && file.kind !== "video") return new Refusal(400, "Unknown kind of file\n");
  // Both declared, and a name that is only a name (it is never used on disk, only for its extension).
  const unsafe = [...file.name].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "/" || ch === "\\");
  if (!file.type || !file.name || file.name.length > 255 || unsafe) {
    return new Refusal(400, "File name and type required\n");
  }
  if (!isAllowedFile({ name: file.name, type: file.type, size: 1 }, file.kind)) return new Refusal(415, "File type not allowed\n");
  if (file.size === undefined) return new Refusal(400, "Upload-Length required\n");
  const max = file.kind === "image" ? limits.imageMaxBytes : limits.videoMaxBytes;
  if (file.size > max) return new Refusal(413, "File too large\n");
  if (file.size === 0) return new Refusal(400, "Empty file\n");
  return null;
}
