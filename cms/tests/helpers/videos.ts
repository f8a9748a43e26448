import { writeFile } from 'node:fs/promises';
import { runFfmpeg } from '../../src/media/ffmpeg';
import { writeMetadata } from './metadata';

/** Encoders per container, as phones and cameras write them. */
const CODECS: Record<string, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  mkv: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libvorbis'],
  webm: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus'],
  avi: ['-c:v', 'mpeg4', '-vtag', 'XVID', '-q:v', '5', '-c:a', 'libmp3lame'],
};

export interface VideoOptions {
  seconds: number;
  width?: number;
  height?: number;
  /** What a phone writes: location, device, person (container tags, and QuickTime keys for mp4/mov). */
  metadata?: boolean;
  /** A subtitle track with GPS positions, as drones write them (mp4 only). */
  gpsSubtitles?: boolean;
  /** Override the encoder arguments (e.g. HEVC for an iPhone-like .mov). */
  codecs?: string[];
  /** A video bitrate, to make files the size a phone makes (e.g. '15M'). */
  bitrate?: string;
}

/**
 * A test video made by ffmpeg from its own test pattern and tone: `file`'s extension decides the
 * container. With `metadata`, it carries a phone's place, device and person tags.
 */
export async function makeVideo(file: string, options: VideoOptions): Promise<string> {
  const ext = file.split('.').pop()!.toLowerCase();
  const { seconds, width = 320, height = 240 } = options;
  const subtitles = options.gpsSubtitles ? `${file}.srt` : null;
  if (subtitles) {
    await writeFile(subtitles, `1\n00:00:00,000 --> 00:00:01,000\nGPS(83.5467,27.8671,1350) BAROMETER:1350\n\n`);
  }
  const tags = options.metadata
    ? [
        '-metadata',
        'location=+27.8671+083.5467/',
        '-metadata',
        'title=Ram Thapa at school in Tansen',
        '-metadata',
        'artist=Sita Gurung',
        '-metadata',
        'comment=Pixel 7',
      ]
    : [];
  await runFfmpeg(
    [
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      ...(subtitles ? ['-i', subtitles, '-map', '0:v', '-map', '1:a', '-map', '2:s', '-c:s', 'mov_text'] : []),
      ...(options.codecs ?? CODECS[ext]),
      ...(options.bitrate ? ['-b:v', options.bitrate, '-maxrate', options.bitrate, '-bufsize', options.bitrate] : []),
      ...tags,
      file,
    ],
    { timeoutMs: 120_000 },
  );
  if (options.metadata && (ext === 'mp4' || ext === 'mov')) writeMetadata(file);
  return file;
}
