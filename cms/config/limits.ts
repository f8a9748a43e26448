import { mkdirSync } from 'fs';
import { errors } from '@strapi/utils';
import os from 'os';
import path from 'path';

/** Upload limits shared by the body parser, the upload plugin and the /api contract. */
const MIB = 1024 * 1024;

/** A whole-number setting: its default when unset, a clear error at boot when it is not one. */
export const intFromEnv = (name: string, fallback: number, min = 1): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(
      min === 1
        ? `${name} must be a positive whole number, got "${raw}"`
        : `${name} must be a whole number of at least ${min}, got "${raw}"`,
    );
  }
  return value;
};

export const uploadLimits = {
  imageMaxBytes: intFromEnv('IMAGE_MAX_BYTES', 10 * MIB),
  videoMaxBytes: intFromEnv('VIDEO_MAX_BYTES', 200 * MIB),
  // Width x height: refuses decompression bombs before any pixel is decoded.
  imageMaxPixels: intFromEnv('IMAGE_MAX_PIXELS', 40_000_000),
};

/**
 * Where the body parser writes incoming files: a folder of its own, so whatever a crash leaves
 * there can be recognised and removed at the next boot (src/bootstrap/uploads.ts).
 */
export const incomingUploadsDir = () => {
  const dir = path.join(os.tmpdir(), 'cms-incoming');
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** Files and form text one multipart request may carry (the video form sends two files). */
export const multipartLimits = { maxFiles: 5, maxFieldsBytes: 1024 * 1024 };

/** A file the body parser began: its temp path, and the stream formidable writes it with once opened. */
export interface IncomingFile {
  filepath: string;
  _writeStream?: { closed: boolean; destroy(): void; once(event: 'close', listener: () => void): void } | null;
}

/**
 * Strapi's body parser (formidable 2) has no limit on the number of files: this counts each
 * request's files as they begin and stops the parse at one too many, before it is written.
 * It also notes every file begun, so `incomingFilesOf` can name them even when the parse
 * fails and they never reach `ctx.request.files` (formidable only starts removing them).
 */
export function refuseFilesPastLimit(this: { headers?: object }, _field: string, file: IncomingFile) {
  // formidable keeps the request's own headers object: the one handle on the request it has.
  const key = this.headers ?? this;
  const files = filesBegun.get(key) ?? [];
  if (files.length >= multipartLimits.maxFiles) {
    throw new errors.PayloadTooLargeError(`Too many files: a request may carry at most ${multipartLimits.maxFiles}.`);
  }
  files.push(file);
  filesBegun.set(key, files);
}
const filesBegun = new WeakMap<object, IncomingFile[]>();

/** The files the body parser began for this request (by its headers object). */
export const incomingFilesOf = (headers: object): IncomingFile[] => filesBegun.get(headers) ?? [];

/**
 * The body parser's refusals as clear 4xx answers. formidable's own limits (too many fields, too
 * much field text, a malformed body) come as plain errors, which would be answered 500.
 * A file past the size limit is left to Strapi's body middleware, which answers it 413.
 */
export function bodyParseError(error: Error & { httpCode?: number }) {
  if (error instanceof errors.ApplicationError || /maxFileSize/.test(error.message)) throw error;
  if (error.httpCode === 413)
    throw new errors.PayloadTooLargeError(
      `The form is too large: at most 1000 fields and ${multipartLimits.maxFieldsBytes / 1024} KB of text.`,
    );
  if (error.httpCode && error.httpCode >= 400 && error.httpCode < 500)
    throw new errors.ValidationError(`The form could not be read: ${error.message}`);
  throw error;
}
