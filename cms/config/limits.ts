import { mkdirSync } from 'fs';
import os from 'os';
import path from 'path';

/** Upload limits shared by the body parser, the upload plugin and the /api contract. */
const MIB = 1024 * 1024;

const intFromEnv = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number of bytes, got "${raw}"`);
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
