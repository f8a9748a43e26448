import { stat } from 'fs/promises';
import { VIDEO_FAILURES } from '../contract/shared/video-status';
import { FfmpegError, runFfmpeg } from './ffmpeg';

/** What the conversion needs to know of a stored video, read from ffmpeg's description of it. */
export interface VideoProbe {
  /** Seconds; 0 when ffmpeg cannot tell. */
  duration: number;
  /** Bits per second of the whole file; 0 when unknown. */
  bitrate: number;
  container: string;
  video: { codec: string; profile: string; pixelFormat: string; width: number; height: number; hdr: boolean } | null;
  audio: { codec: string } | null;
}

/** A video the site cannot convert: the entry says this (staff see it), and visitors never get it. */
export class UnconvertibleVideoError extends Error {}

/** Reading a video's description takes a moment whatever its size. */
const PROBE_TIMEOUT_MS = 60_000;
const POSTER_TIMEOUT_MS = 2 * 60_000;

/** The web copy: what a 1.5 Mbit/s connection streams with room to spare (picture at most 1 Mbit/s, sound 96 kbit/s). */
export const WEB_VIDEO = { longSide: 1280, shortSide: 720, maxVideoKbps: 1000, audioKbps: 96 } as const;

/** Parses `ffmpeg -i` output (the first picture and sound streams of the first input). */
export function parseProbe(stderr: string): VideoProbe {
  const input = /Input #0, ([^,\s]+)/.exec(stderr);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const bitrate = /Duration: [^\n]*bitrate: (\d+) kb\/s/.exec(stderr);
  const videoLine = /Stream #0:\d+[^\n]*: Video: ([^\n]+)/.exec(stderr)?.[1];
  const audioLine = /Stream #0:\d+[^\n]*: Audio: ([^\n]+)/.exec(stderr)?.[1];
  let video: VideoProbe['video'] = null;
  // Cover art and thumbnails are pictures too, but they are not the video.
  if (videoLine && !/\(attached pic\)/.test(videoLine)) {
    const codec = /^(\w+)/.exec(videoLine)?.[1] ?? '';
    const profile = /^\w+ \(([^)]+)\)/.exec(videoLine)?.[1] ?? '';
    const size = /, (\d{2,5})x(\d{2,5})/.exec(videoLine);
    const pixelFormat = /, (yuv\w+|nv\w+|gray\w*|rgb\w+|bgr\w+|p0\w+)/.exec(videoLine)?.[1] ?? '';
    video = {
      codec,
      profile,
      pixelFormat,
      width: size ? Number(size[1]) : 0,
      height: size ? Number(size[2]) : 0,
      hdr: /arib-std-b67|smpte2084/.test(videoLine),
    };
  }
  return {
    container: input?.[1] ?? '',
    duration: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0,
    bitrate: bitrate ? Number(bitrate[1]) * 1000 : 0,
    video,
    audio: audioLine ? { codec: /^(\w+)/.exec(audioLine)?.[1] ?? '' } : null,
  };
}

/** ffmpeg's description of a video; a file it cannot read as one is an UnconvertibleVideoError. */
export async function probeVideo(file: string): Promise<VideoProbe> {
  let stderr: string;
  try {
    // Reads the header, decodes nothing (-t 0), writes nothing.
    stderr = await runFfmpeg(['-i', file, '-t', '0', '-f', 'null', '-'], { timeoutMs: PROBE_TIMEOUT_MS, lowPriority: true });
  } catch (error) {
    if (error instanceof FfmpegError && /could not be started|not installed/.test(error.message)) throw error;
    throw new UnconvertibleVideoError(VIDEO_FAILURES.unreadable);
  }
  const probe = parseProbe(stderr);
  if (!probe.video || probe.video.width === 0) throw new UnconvertibleVideoError(VIDEO_FAILURES.noPicture);
  return probe;
}

/**
 * Already what the conversion would make: an MP4 with H.264 (8-bit 4:2:0, a profile every
 * browser and phone decodes), AAC or no sound, within 1280x720, streamable at 1.5 Mbit/s. Such a
 * file (the demo clips, a video exported for the web) is served as it is stored: re-encoding it
 * would only lose quality.
 */
export function isWebReady(probe: VideoProbe): boolean {
  const { video, audio } = probe;
  if (!video || probe.container !== 'mov' || video.codec !== 'h264' || video.pixelFormat !== 'yuv420p') return false;
  if (!/^(Constrained Baseline|Baseline|Main|High)$/.test(video.profile)) return false;
  if (Math.max(video.width, video.height) > WEB_VIDEO.longSide || Math.min(video.width, video.height) > WEB_VIDEO.shortSide) return false;
  if (audio && audio.codec !== 'aac') return false;
  return probe.bitrate > 0 && probe.bitrate <= (WEB_VIDEO.maxVideoKbps + WEB_VIDEO.audioKbps + 100) * 1000;
}

// The scale factor that fits the long side in 1280 and the short side in 720, never enlarging;
// even sizes (4:2:0 needs them), square pixels.
const FIT = `min(1,min(${WEB_VIDEO.longSide}/max(iw,ih),${WEB_VIDEO.shortSide}/min(iw,ih)))`;
const SCALE = `scale=w='trunc(iw*${FIT}/2)*2':h='trunc(ih*${FIT}/2)*2',setsar=1,format=yuv420p`;
// HDR (HLG, PQ) from phones is mapped to ordinary colours first, or it plays washed out.
const TONEMAP = 'zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,';

/** ffmpeg's arguments for the web copy of `input` (see WEB_VIDEO): no metadata, index at the front, bit-exact. */
export const conversionArgs = (input: string, output: string, probe: VideoProbe): string[] => [
  '-i',
  input,
  '-map',
  '0:V:0',
  '-map',
  '0:a:0?',
  '-map_metadata',
  '-1',
  '-map_chapters',
  '-1',
  '-vf',
  (probe.video?.hdr ? TONEMAP : '') + SCALE,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-profile:v',
  'high',
  '-level:v',
  '4.0',
  '-crf',
  '23',
  '-maxrate',
  `${WEB_VIDEO.maxVideoKbps}k`,
  // One second of buffer: playback on a slow connection starts sooner, and even a clip of a few
  // seconds averages within the cap (two seconds let a 2 s clip reach 1.5 Mbit/s with its sound).
  '-bufsize',
  `${WEB_VIDEO.maxVideoKbps}k`,
  '-c:a',
  'aac',
  '-b:a',
  `${WEB_VIDEO.audioKbps}k`,
  '-ac',
  '2',
  '-ar',
  '48000',
  '-movflags',
  '+faststart',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-flags:a',
  '+bitexact',
  '-f',
  'mp4',
  output,
];

/** Converts `input` to the web copy at `output`, at the lowest CPU priority. */
export async function convertVideo(input: string, output: string, probe: VideoProbe, timeoutMs: number) {
  try {
    await runFfmpeg(conversionArgs(input, output, probe), { timeoutMs, lowPriority: true });
  } catch (error) {
    if (error instanceof FfmpegError && /stopped \(SIGKILL\)/.test(error.message)) {
      throw new UnconvertibleVideoError(VIDEO_FAILURES.tooLong);
    }
    if (error instanceof FfmpegError && /could not be started/.test(error.message)) throw error;
    throw new UnconvertibleVideoError(VIDEO_FAILURES.damaged);
  }
}

/** A JPEG of the frame at one second (the middle of a shorter video), from the web copy. */
export async function takePoster(video: string, poster: string, duration: number) {
  const at = Math.min(1, duration > 0 ? duration / 2 : 0);
  await runFfmpeg(
    [
      '-ss',
      at.toFixed(3),
      '-i',
      video,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-update',
      '1',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      poster,
    ],
    { timeoutMs: POSTER_TIMEOUT_MS, lowPriority: true },
  );
  // ffmpeg exits 0 without writing a frame when the time is past the last one.
  const written = await stat(poster).catch(() => null);
  if (!written || written.size === 0) throw new UnconvertibleVideoError(VIDEO_FAILURES.noFrame);
}
