import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegPath } from '../../config/media';

export const json = async (response: Response) => {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
};

export async function login(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: await json(response) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

export function form(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [key, file] of Object.entries(files)) body.append(key, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

export const send = (baseUrl: string, method: string, path: string, body?: FormData, token?: string) =>
  fetch(`${baseUrl}${path}`, { method, body, headers: token ? bearer(token) : {} });

// Real, decodable media made on the fly (nothing binary is committed for tests).
export const pngBytes = (width = 64, height = 48, colour = { r: 200, g: 120, b: 60 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
export const jpegBytes = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
export const gifBytes = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .gif()
    .toBuffer();

/**
 * Real one-second videos (ffmpeg's test pattern and tone), made once per test process: the CMS
 * remuxes every video it stores to remove its metadata, so a header alone is not a video.
 */
const videos = new Map<string, Buffer>();
const ENCODERS: Record<string, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4'],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov'],
  mkv: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libvorbis', '-f', 'matroska'],
  webm: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-f', 'webm'],
  avi: ['-c:v', 'mpeg4', '-q:v', '8', '-c:a', 'libmp3lame', '-f', 'avi'],
};
function videoBytes(ext: string): Buffer {
  let bytes = videos.get(ext);
  if (!bytes) {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'test-video-')), `clip.${ext}`);
    const source = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1'];
    execFileSync(ffmpegPath()!, ['-hide_banner', '-loglevel', 'error', ...source, ...ENCODERS[ext], file]);
    bytes = readFileSync(file);
    rmSync(path.dirname(file), { recursive: true, force: true });
    videos.set(ext, bytes);
  }
  return bytes;
}

/** A real MP4, followed by `extra` bytes of padding in a top-level `free` box (still a valid MP4). */
export const mp4Bytes = (extra = 0) => {
  const video = videoBytes('mp4');
  if (extra === 0) return video;
  const free = Buffer.alloc(8 + extra);
  free.writeUInt32BE(8 + extra, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([video, free]);
};
export const webmBytes = () => videoBytes('webm');
export const aviBytes = () => videoBytes('avi');
export const movBytes = () => videoBytes('mov');
export const mkvBytes = () => videoBytes('mkv');

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Signs a JWT the way users-permissions does (HS256), so tests can forge, expire or strip tokens. */
export function signJwt(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const head = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  if (header.alg === 'none') return `${head}.`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

export const decodeJwt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** An HTTP request with the path sent exactly as given (fetch would normalise `./`, case stays but dots go). */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * Starts a multipart upload that declares `declaredBytes` but sends only its first `sentBytes`, and
 * waits for the answer without sending the rest: an answer proves the server decided before reading
 * the body. Resolves with the answer, or with status 0 if none came within `waitMs`.
 */
export function partialUpload(
  baseUrl: string,
  path: string,
  options: { declaredBytes: number; sentBytes: number; field?: string; headers?: Record<string, string>; waitMs?: number },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const boundary = 'partial-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'files'}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = http.request({
      host: hostname,
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(options.declaredBytes),
        ...options.headers,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        finish({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', () => finish({ status: 0, headers: {}, text: 'connection error before an answer' }));
    const timer = setTimeout(
      () => finish({ status: 0, headers: {}, text: 'no answer while the body was still being sent' }),
      options.waitMs ?? 2000,
    );
    request.write(head);
    request.write(Buffer.alloc(Math.max(0, options.sentBytes - head.length)));
  });
}

/**
 * A gallery video as staff read it once its background conversion has settled (ready, failed, or
 * served as uploaded), or once `done` says so: polled every 200 ms, at most `timeoutMs`; the time it takes is never what is tested.
 */
export async function settledVideo(
  baseUrl: string,
  id: number,
  token: string,
  done: (video: Record<string, any>) => boolean = (video) => video.video_status !== 'processing',
  timeoutMs = 180_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await json(await send(baseUrl, 'GET', `/api/video-gallery/${id}`, undefined, token));
    if (body && done(body)) return body as Record<string, any>;
    if (Date.now() > deadline) throw new Error(`video ${id} is still processing`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
