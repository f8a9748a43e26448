import { createHash } from 'crypto';
import { createReadStream } from 'fs';
import { rename, rm, stat } from 'fs/promises';
import type { SniffedType } from '../contract/file-type';
import { runFfmpeg } from './ffmpeg';
import type { MetadataRemoval } from './remove-metadata';

/** ffmpeg's muxer for each stored video type (the container stays what it was). */
const MUXERS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-matroska': 'matroska',
  'video/webm': 'webm',
  'video/x-msvideo': 'avi',
};

/** Copying streams into a new container takes seconds even for the largest upload. */
const REMUX_TIMEOUT_MS = 5 * 60_000;

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/**
 * A video's streams in a new container of the same kind, without re-encoding, and without what
 * phones add: the place it was filmed (QuickTime location keys, `©xyz`, `loci`, Matroska tags),
 * the device's make and model, dates (creation times become zero), titles, chapters, and tracks
 * that are neither picture nor sound (subtitle and data tracks where drones write GPS, cover art).
 * MP4 and MOV get their index at the front, so playback starts before the whole file arrived.
 */
export async function removeVideoMetadata(filepath: string, type: SniffedType): Promise<MetadataRemoval> {
  const muxer = MUXERS[type.mime];
  if (!muxer) throw new Error(`no metadata remover for ${type.mime}`);
  const cleaned = `${filepath}.clean`;
  try {
    await runFfmpeg(
      [
        '-i',
        filepath,
        '-map',
        '0:V',
        '-map',
        '0:a?',
        '-c',
        'copy',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        '-fflags',
        '+bitexact',
        '-flags:v',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        ...(muxer === 'mp4' || muxer === 'mov' ? ['-movflags', '+faststart'] : []),
        '-f',
        muxer,
        cleaned,
      ],
      { timeoutMs: REMUX_TIMEOUT_MS },
    );
    const [before, after] = await Promise.all([stat(filepath), stat(cleaned)]);
    // A file cleaned before comes out the same, byte for byte: leave it as it is.
    if (before.size === after.size && (await sha256Of(filepath)) === (await sha256Of(cleaned))) {
      return { changed: false, size: before.size };
    }
    await rename(cleaned, filepath);
    return { changed: true, size: after.size };
  } finally {
    await rm(cleaned, { force: true });
  }
}
