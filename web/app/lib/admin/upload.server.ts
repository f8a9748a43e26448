import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isPostStatus, postStatusOf, type PostStatus } from "@contract/post-status";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { env } from "~/lib/env.server";
import { AdminCmsError, cmsFailure, staffUpload } from "./cms-client.server";
import { KINDS, type KindKey, type UploadLimits } from "./kinds";
import { baseVersionOf, ifMatch, REPLACE_VERSION_FIELD, VERSION_FIELD, type EditConflict } from "./edit-conflict";
import { editConflictOf } from "./edit-conflict.server";
import { uploadIdField } from "./resumable-upload-fields";
import { finishedUpload, removeUpload } from "./resumable-uploads.server";
import { refusedPhotosOf } from "./consent";
import { returnPathOf } from "./list-place";
import { fieldErrorsOf, fileTooLargeMessage, formSchema, isAllowedFile, type FieldErrors, type FileInfo } from "./schemas";
import { flashNotice, type Staff } from "./session.server";

/**
 * Admin uploads pass through the web server without being held in memory: the multipart
 * body is parsed as it arrives (busboy), the file part is written to a temporary file,
 * and the CMS receives it streamed from disk (multipart.server.ts). A 200 MB video
 * costs a few socket buffers of memory, never 200 MB. The temporary file is removed in
 * every case. request.formData() is never called on these requests.
 */

export function uploadLimits(): UploadLimits {
  return { imageMaxBytes: env.IMAGE_MAX_BYTES, videoMaxBytes: env.VIDEO_MAX_BYTES, imageMaxPixels: env.IMAGE_MAX_PIXELS };
}

/** Room for the text fields and multipart framing beside the file. */
export const FIELDS_ALLOWANCE_BYTES = 1024 * 1024;

export interface StoredFile extends FileInfo {
  /** Where the file was written; undefined when it was refused (wrong type) and drained. */
  path?: string;
}

export interface ParsedUpload {
  fields: Record<string, string>;
  file?: StoredFile;
  /** The optional images (a video's poster), by field. */
  images: Record<string, StoredFile>;
  /** The file (or the whole body) went past its limit: answer 413. */
  tooLarge: boolean;
  /** Which optional image went past the image limit (the main file's own limit is `tooLarge`). */
  tooLargeImage?: string;
  /** Removes the temporary folder. Safe to call more than once. */
  cleanup: () => Promise<void>;
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export interface ParseOptions {
  fileField: string;
  fileKind: "image" | "video";
  maxFileBytes: number;
  textFields: readonly string[];
  /** Optional image fields beside the main file, each within `maxImageBytes`. */
  imageFields?: readonly string[];
  maxImageBytes?: number;
  /** Where temporary folders go (default: the OS's temp dir). */
  tmpRoot?: string;
}

/** Streams a multipart request body: text fields into memory (small), the file to disk. */
export async function parseMultipartToDisk(request: Request, options: ParseOptions): Promise<ParsedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    throw new UploadError(415, "Expected multipart/form-data");
  }
  const imageFields = options.imageFields ?? [];
  const maxImageBytes = options.maxImageBytes ?? 0;
  const maxBodyBytes = options.maxFileBytes + imageFields.length * maxImageBytes + FIELDS_ALLOWANCE_BYTES;
  const declaredLength = Number(request.headers.get("content-length") ?? NaN);

  const dir = await mkdtemp(join(options.tmpRoot ?? tmpdir(), "admin-upload-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const result: ParsedUpload = { fields: {}, images: {}, tooLarge: false, cleanup };

  // A declared size already past the limit is refused before the body is read (the server
  // closes the connection of any answer given before the body arrived: request-limits.ts).
  if (Number.isFinite(declaredLength) && declaredLength > maxBodyBytes) {
    result.tooLarge = true;
    return result;
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        // busboy flags a file that reaches its limit: one byte of room lets a file of
        // exactly the maximum through (the size check below is the rule).
        fileSize: Math.max(options.maxFileBytes, maxImageBytes) + 1,
        files: 1 + imageFields.length,
        fields: 20,
        fieldSize: 512 * 1024,
        parts: 30,
      },
    });
  } catch {
    await cleanup();
    throw new UploadError(400, "Malformed multipart body");
  }

  const writes: Promise<void>[] = [];

  parser.on("field", (name, value) => {
    if (options.textFields.includes(name) && !(name in result.fields)) result.fields[name] = value;
  });

  /** Counts a file part and writes it to `diskName` in our folder, unless its type is refused. */
  const receive = (stream: Readable, info: busboy.FileInfo, kind: "image" | "video", diskName: string): StoredFile => {
    const file: StoredFile = { name: info.filename ?? "", type: info.mimeType ?? "", size: 0 };
    stream.on("data", (chunk: Buffer) => {
      file.size += chunk.length;
    });
    // A type the rules refuse is not worth the disk: count it and let it go.
    if (!isAllowedFile({ ...file, size: 1 }, kind)) {
      stream.resume();
      return file;
    }
    // Never the client's name on disk: a fixed name inside our own temporary folder.
    file.path = join(dir, diskName);
    writes.push(pipeline(stream, createWriteStream(file.path, { flags: "wx" })));
    return file;
  };

  parser.on("file", (name, stream, info) => {
    if (imageFields.includes(name) && !result.images[name] && info.filename) {
      result.images[name] = receive(stream, info, "image", `image-${imageFields.indexOf(name)}`);
      return;
    }
    if (name !== options.fileField || result.file || !info.filename) {
      stream.resume();
      return;
    }
    stream.on("limit", () => {
      result.tooLarge = true;
    });
    result.file = receive(stream, info, options.fileKind, "file");
  });

  // The whole body is capped too, whatever its framing claims.
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBodyBytes) {
        result.tooLarge = true;
        callback(new UploadError(413, "Body too large"));
        return;
      }
      callback(null, chunk);
    },
  });

  try {
    const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
    await pipeline(source, counter, parser);
    await Promise.all(writes);
    if (result.file && result.file.size > options.maxFileBytes) result.tooLarge = true;
    for (const [field, image] of Object.entries(result.images)) {
      if (image.size > maxImageBytes) {
        result.tooLarge = true;
        result.tooLargeImage = field;
      }
    }
  } catch (error) {
    await Promise.allSettled(writes);
    if (result.tooLarge) return result;
    await cleanup();
    if (error instanceof UploadError) throw error;
    if (request.signal.aborted) throw error;
    throw new UploadError(400, "Malformed multipart body");
  }
  return result;
}

// ── Saving an item ────────────────────────────────────────────────────────────────────

export type SaveResult =
  | { ok: true; redirectTo: string; setCookie: string }
  | {
      ok: false;
      status: number;
      message: string;
      errors: FieldErrors;
      values: Record<string, string>;
      conflict?: EditConflict;
      /** The version the form was opened with (kept by the form for its next save). */
      baseVersion?: string | null;
      /** Publishing was refused: these photos show children and have no valid consent on record. */
      consentPhotos?: string[];
    };

/**
 * Puts the files the browser sent ahead with resumable uploads (resumable-uploads.server.ts) in
 * place of the parts the form did not carry itself: `mainField`'s as `upload.file`, the others'
 * as `upload.images`, each held to its limit in `maxBytes` as a streamed part is (past it,
 * `tooLarge`, and `tooLargeImage` for an optional image). Answers the uploads taken, to release
 * once the save succeeds (a refused save keeps them for the next try), or the field whose upload
 * is not found (expired, or another account's).
 */
export async function takeResumedUploads(
  upload: ParsedUpload,
  userId: number,
  mainField: string,
  maxBytes: Record<string, number>,
): Promise<{ ids: string[] } | { missing: string }> {
  const ids: string[] = [];
  for (const [field, limit] of Object.entries(maxBytes)) {
    const uploadId = upload.fields[uploadIdField(field)];
    const sent = field === mainField ? upload.file : upload.images[field];
    if (!uploadId || sent) continue;
    const finished: StoredFile | null = await finishedUpload(userId, uploadId);
    if (!finished) return { missing: field };
    ids.push(uploadId);
    if (field === mainField) upload.file = finished;
    else upload.images[field] = finished;
    if (finished.size > limit) {
      upload.tooLarge = true;
      if (field !== mainField) upload.tooLargeImage = field;
    }
  }
  return { ids };
}

/** Removes the resumable uploads a successful save has passed on to the CMS. */
export async function releaseResumedUploads(userId: number, ids: string[]): Promise<void> {
  await Promise.all(ids.map((uploadId) => removeUpload(userId, uploadId)));
}

/** How long a save may take CMS-side (writing a large video to its disk). */
const SAVE_TIMEOUT_MS = 10 * 60_000;

/**
 * Creates (no id) or updates an item from a streamed multipart request: validates with
 * the form's zod schema, passes text and file on to the CMS, and reports the outcome.
 * The caller has checked the Origin and the session.
 */
export async function saveItem(request: Request, staff: Staff, kind: KindKey, id?: number): Promise<SaveResult> {
  const config = KINDS[kind];
  const limits = uploadLimits();
  const maxFileBytes = config.fileKind === "image" ? limits.imageMaxBytes : limits.videoMaxBytes;
  const mode = id ? "edit" : "create";
  const failure = id ? config.messages.update : config.messages.create;
  const fileFields = [config.fileField, ...config.optionalImageFields];

  let upload: ParsedUpload;
  try {
    upload = await parseMultipartToDisk(request, {
      fileField: config.fileField,
      fileKind: config.fileKind,
      maxFileBytes,
      textFields: [...config.textFields, VERSION_FIELD, REPLACE_VERSION_FIELD, STATUS_FIELD, ...fileFields.map(uploadIdField)],
      imageFields: config.optionalImageFields,
      maxImageBytes: limits.imageMaxBytes,
    });
  } catch (error) {
    if (error instanceof UploadError) {
      return { ok: false, status: error.status, message: staff.at(failure), errors: {}, values: {} };
    }
    throw error;
  }

  // The files the browser sent ahead with resumable uploads (server/resumable-uploads.ts).
  const resumed: string[] = [];
  try {
    const values = Object.fromEntries(config.textFields.map((field) => [field, upload.fields[field] ?? ""]));
    const baseVersion = baseVersionOf({ [VERSION_FIELD]: upload.fields[VERSION_FIELD] });
    const taken = await takeResumedUploads(upload, staff.userId, config.fileField, {
      [config.fileField]: maxFileBytes,
      ...Object.fromEntries(config.optionalImageFields.map((field) => [field, limits.imageMaxBytes])),
    });
    if ("missing" in taken) {
      const message = staff.at("common.uploadNotFound");
      return { ok: false, status: 400, message, errors: { [taken.missing]: [message] }, values, baseVersion };
    }
    resumed.push(...taken.ids);
    if (upload.tooLarge) {
      const image = upload.tooLargeImage;
      const message = staff.at.contract(
        fileTooLargeMessage(image ? "image" : config.fileKind, image ? limits.imageMaxBytes : maxFileBytes),
      );
      const errors = { [image ?? config.fileField]: [message] };
      return { ok: false, status: 413, message, errors, values, baseVersion };
    }

    const file = upload.file;
    const describe = (stored: StoredFile | undefined) => (stored ? { name: stored.name, type: stored.type, size: stored.size } : undefined);
    const parsed = formSchema(kind, { mode, limits }).safeParse({
      ...values,
      [config.fileField]: describe(file),
      ...Object.fromEntries(Object.entries(upload.images).map(([field, image]) => [field, describe(image)])),
    });
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error, staff.at);
      return { ok: false, status: 400, message: staff.at("common.fixErrors"), errors, values, baseVersion };
    }

    const clean = parsed.data as Record<string, unknown>;
    const fields = config.textFields.map((field): [string, string] => [field, String(clean[field] ?? "")]);
    // A kind with drafts saves as the pressed button says; without one, the CMS decides by role (a
    // Manager's save publishes, a Staff save is submitted for review).
    const asked = upload.fields[STATUS_FIELD];
    if (config.statusOf && isPostStatus(asked)) fields.push([STATUS_FIELD, asked]);

    let status: PostStatus | null = null;
    try {
      const saved = await staffUpload<{ status?: unknown }>(request, staff, id ? `/api/${config.api}/${id}` : `/api/${config.api}`, {
        method: id ? "PUT" : "POST",
        fields,
        // The CMS names stored files itself; it gets a neutral name, never the client's.
        files: [[config.fileField, file] as const, ...Object.entries(upload.images)].flatMap(([field, stored]) =>
          stored?.path ? [{ field, path: stored.path, filename: `upload${safeExtension(stored.name)}`, type: stored.type }] : [],
        ),
        headers: id ? ifMatch(baseVersionOf(upload.fields)) : {},
        timeoutMs: SAVE_TIMEOUT_MS,
      });
      if (config.statusOf) status = postStatusOf(saved.body?.status);
    } catch (error) {
      if (!(error instanceof AdminCmsError)) throw error;
      const conflict = editConflictOf(error, config.textFields);
      if (conflict) return { ok: false, status: 409, message: staff.at("conflict.notSaved"), errors: {}, values, conflict, baseVersion };
      const consentPhotos = refusedPhotosOf(error.status, error.body);
      const refused = cmsFailure(error, { failure, notFound: config.messages.notFound }, staff.at);
      return { ok: false, ...refused, values, baseVersion, ...(consentPhotos ? { consentPhotos } : {}) };
    }

    // Saved: the uploads are no longer needed (a refused save keeps them for the next try).
    await releaseResumedUploads(staff.userId, resumed);
    const notice =
      status === "draft"
        ? "blogs.draftFlash"
        : status === "submitted"
          ? "blogs.submittedFlash"
          : id
            ? config.messages.updated
            : config.messages.created;
    const setCookie = await flashNotice(staff.session, staff.at(notice));
    // Back to the list where staff left it (`?back=` of the form's own URL or the upload's).
    const back = new URL(request.url).searchParams.get("back");
    return { ok: true, redirectTo: back ? returnPathOf(kind, back) : config.paths.afterSave, setCookie };
  } finally {
    await upload.cleanup();
  }
}

/** The button a form of a kind with drafts was sent with: `draft`, `submitted` or `published`. */
const STATUS_FIELD = "status";

function safeExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : "";
}
