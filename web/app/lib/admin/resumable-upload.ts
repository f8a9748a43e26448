import type { DetailedError, Upload } from "tus-js-client";
import type { UploadLimits } from "./kinds";
import type { AdminT } from "./messages";
import { fileTooLargeMessage } from "./schemas";

/**
 * A file sent to the web server with the tus protocol (server/resumable-uploads.ts) in 2 MiB
 * pieces. When the connection drops, the upload waits and goes on from the last byte the
 * server has, without the user doing anything: at once when the browser says it is online
 * again, otherwise after growing pauses, forever until the form is left. Only a refusal (a
 * 4xx but "busy" ones) ends it.
 */

export const UPLOADS_ENDPOINT = "/admin/uploads";

/** Small enough that a phone on slow data finishes a piece in about 40 s, big enough to keep requests few. */
export const CHUNK_BYTES = 2 * 1024 * 1024;

/** Pauses between attempts after a failed request (tus-js-client retries on its own). */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 10000, 15000, 20000, 30000, 30000, 60000];

/** A piece with no progress for this long is given up and asked for again (a connection gone silent). */
export const STALL_MS = 120_000;

/** After the last retry failed: the pause before starting over from what the server has. */
const RESTART_MS = 30_000;

export interface UploadState {
  sent: number;
  total: number;
  /** The connection is gone: waiting for it to return. */
  waiting: boolean;
}

export class UploadRefused extends Error {
  constructor(readonly status: number) {
    super(`Upload refused (${status})`);
    this.name = "UploadRefused";
  }
}

/**
 * What staff are told when a file sent ahead did not arrive: the session ended, the file is over
 * its kind's limit (the spec's message), or the server refused it.
 */
export function uploadRefusalMessage(error: unknown, kind: "image" | "video", limits: UploadLimits, at: AdminT): string {
  const status = error instanceof UploadRefused ? error.status : 0;
  if (status === 401) return at("common.sessionExpired");
  if (status === 413) return at.contract(fileTooLargeMessage(kind, kind === "image" ? limits.imageMaxBytes : limits.videoMaxBytes));
  return at("common.uploadRefused");
}

/** Refusals end the upload; 409 (offset moved), 423 (locked) and 429 (busy) are worth another try. */
export function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429;
}

const statusOf = (error: Error) => (error as DetailedError).originalResponse?.getStatus() ?? 0;

/** The upload's id: the last part of its URL (/admin/uploads/<id>). */
export const uploadIdOf = (url: string) => url.split("/").pop() ?? "";

/**
 * Uploads `file` and resolves with its upload id; rejects with UploadRefused when the server
 * refuses it, or with an AbortError when `signal` aborts (the upload is then left to expire).
 */
export async function uploadResumably(
  file: File,
  kind: "image" | "video",
  { signal, onState }: { signal: AbortSignal; onState: (state: UploadState) => void },
): Promise<string> {
  const tus = await import("tus-js-client");
  return new Promise<string>((resolve, reject) => {
    let current: Upload | null = null;
    let lastProgressAt = Date.now();
    let waiting = false;
    let sent = 0;
    let restartTimer: ReturnType<typeof setTimeout> | undefined;
    const report = () => onState({ sent, total: file.size, waiting });
    const setWaiting = (value: boolean) => {
      if (waiting === value) return;
      waiting = value;
      report();
    };

    const start = (uploadUrl: string | null) => {
      clearTimeout(restartTimer);
      lastProgressAt = Date.now();
      const upload: Upload = new tus.Upload(file, {
        endpoint: UPLOADS_ENDPOINT,
        uploadUrl,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type, kind },
        // One form, one upload: nothing is kept in localStorage for later visits.
        storeFingerprintForResuming: false,
        removeFingerprintOnSuccess: true,
        // The library's own rule gives up while the browser is offline; here, waiting is the point.
        onShouldRetry: (error) => {
          const status = statusOf(error);
          if (isRefusal(status)) return false;
          if (status === 0) setWaiting(true);
          return true;
        },
        onProgress: (bytesSent) => {
          lastProgressAt = Date.now();
          sent = bytesSent;
          waiting = false;
          report();
        },
        onSuccess: () => {
          finish();
          resolve(uploadIdOf(upload.url ?? ""));
        },
        onError: (error) => {
          const status = statusOf(error);
          if (isRefusal(status)) {
            finish();
            reject(new UploadRefused(status));
            return;
          }
          // Every retry failed (a long outage): start over later from what the server has.
          setWaiting(true);
          restartTimer = setTimeout(() => start(upload.url), RESTART_MS);
        },
      });
      current = upload;
      upload.start();
    };

    // A new Upload with the same URL: it asks the server how much arrived and goes on from there.
    const restart = () => {
      const previous = current;
      if (!previous) return;
      const url = previous.url;
      void previous.abort(false);
      start(url);
    };
    const onOnline = () => {
      if (waiting) restart();
    };
    const onOffline = () => setWaiting(true);
    const watchdog = setInterval(() => {
      if (Date.now() - lastProgressAt > STALL_MS) restart();
    }, 10_000);
    const onAbort = () => {
      finish();
      void current?.abort(false);
      reject(new DOMException("The upload was stopped.", "AbortError"));
    };
    function finish() {
      clearInterval(watchdog);
      clearTimeout(restartTimer);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      signal.removeEventListener("abort", onAbort);
    }

    if (signal.aborted) return onAbort();
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    signal.addEventListener("abort", onAbort);
    report();
    start(null);
  });
}

/**
 * Seconds left at the pace of the last `windowMs`, from (time ms, bytes sent) samples; null
 * while there is too little to judge.
 */
export function secondsLeft(samples: readonly (readonly [number, number])[], total: number, windowMs = 20_000): number | null {
  const last = samples.at(-1);
  if (!last) return null;
  const first = samples.find(([time]) => last[0] - time <= windowMs) ?? last;
  const elapsed = (last[0] - first[0]) / 1000;
  const bytes = last[1] - first[1];
  if (elapsed < 2 || bytes <= 0) return null;
  return Math.ceil((total - last[1]) / (bytes / elapsed));
}

export interface FilesProgress {
  percent: number;
  secondsLeft: number | null;
  waiting: boolean;
}

export interface FileToSend {
  field: string;
  file: File;
  kind: "image" | "video";
}

/**
 * Sends the chosen files ahead, one after the other, and reports their progress together.
 * Resolves with each field's upload id. `sentBefore` keeps the ids of files sent by an earlier
 * Save of the same form (a refused save does not send them again).
 */
export async function sendFilesAhead(
  files: readonly FileToSend[],
  { signal, onProgress, sentBefore }: { signal: AbortSignal; onProgress: (progress: FilesProgress) => void; sentBefore: Map<File, string> },
): Promise<Record<string, string>> {
  const total = files.reduce((sum, { file }) => sum + (sentBefore.has(file) ? 0 : file.size), 0);
  const samples: [number, number][] = [];
  let done = 0;
  const ids: Record<string, string> = {};
  for (const { field, file, kind } of files) {
    const known = sentBefore.get(file);
    if (known) {
      ids[field] = known;
      continue;
    }
    ids[field] = await uploadResumably(file, kind, {
      signal,
      onState: ({ sent, waiting }) => {
        const now = Date.now();
        const all = done + sent;
        samples.push([now, all]);
        while (samples.length > 2 && now - samples[0]![0] > 30_000) samples.shift();
        onProgress({
          percent: total > 0 ? Math.min(100, Math.floor((all / total) * 100)) : 100,
          secondsLeft: waiting ? null : secondsLeft(samples, total),
          waiting,
        });
      },
    });
    sentBefore.set(file, ids[field]);
    done += file.size;
  }
  return ids;
}
