import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";

/**
 * A multipart/form-data body streamed from disk, with its exact length known up front.
 * Used to pass admin uploads on to the CMS: measured on Node 20, fetch() with a FormData
 * of fs.openAsBlob() (or with any streamed body) grew the process by about the size of
 * the file, while this body piped into http.request stays within a few megabytes.
 */
export interface MultipartFile {
  field: string;
  path: string;
  /** A neutral name (the CMS names stored files itself). */
  filename: string;
  type: string;
}

export interface MultipartBody {
  contentType: string;
  length: number;
  stream: () => Readable;
}

const SAFE_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
const SAFE_NAME = /^[A-Za-z0-9._-]{1,100}$/;

function headerValue(value: string): string {
  // Field names come from our own code; quotes and line breaks could never be valid.
  if (/["\r\n]/.test(value)) throw new Error(`Unsafe multipart header value: ${value}`);
  return value;
}

export async function multipartBody(fields: [string, string][], files: MultipartFile[] = []): Promise<MultipartBody> {
  const boundary = `----admin-upload-${randomBytes(16).toString("hex")}`;
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${headerValue(name)}"\r\n\r\n${value}\r\n`, "utf8"),
  );
  const fileParts = await Promise.all(
    files.map(async (file) => {
      const size = (await stat(file.path)).size;
      const type = SAFE_TYPE.test(file.type) ? file.type : "application/octet-stream";
      const filename = SAFE_NAME.test(file.filename) ? file.filename : "upload";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${headerValue(file.field)}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      );
      return { path: file.path, head, size };
    }),
  );
  const fileTail = Buffer.from("\r\n");
  const end = Buffer.from(`--${boundary}--\r\n`);
  const length =
    parts.reduce((sum, part) => sum + part.length, 0) +
    fileParts.reduce((sum, file) => sum + file.head.length + file.size + fileTail.length, 0) +
    end.length;

  async function* generate() {
    for (const part of parts) yield part;
    for (const file of fileParts) {
      yield file.head;
      yield* createReadStream(file.path, { highWaterMark: 256 * 1024 });
      yield fileTail;
    }
    yield end;
  }

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    stream: () => Readable.from(generate(), { objectMode: false }),
  };
}
