import { mkdtempSync } from 'fs';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '../../tests/helpers/videos';
import { runFfmpeg } from './ffmpeg';
import { conversionArgs, isWebReady, parseProbe, probeVideo, takePoster } from './video-conversion';

const work = mkdtempSync(path.join(os.tmpdir(), 'video-conversion-'));

// What ffmpeg 7 prints of an iPhone 15's HDR video (HEVC Main 10, HLG) and of a web-ready MP4.
const IPHONE_HDR = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'IMG_0042.MOV':
  Duration: 00:00:12.45, start: 0.000000, bitrate: 9840 kb/s
  Stream #0:0[0x1](und): Video: hevc (Main 10) (hvc1 / 0x31637668), yuv420p10le(tv, bt2020nc/bt2020/arib-std-b67), 1920x1080, 9700 kb/s, 29.98 fps, 30 tbr, 600 tbn (default)
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 127 kb/s (default)
  Stream #0:2[0x3](und): Data: none (mebx / 0x7862656D), 0 kb/s (default)`;
const WEB_MP4 = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:01:00.00, start: 0.000000, bitrate: 900 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709, progressive), 1280x720 [SAR 1:1 DAR 16:9], 800 kb/s, 30 fps, 30 tbr, 15360 tbn (default)
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 96 kb/s (default)`;

describe('parseProbe', () => {
  it('reads the streams, size, length and HDR of a phone video', () => {
    expect(parseProbe(IPHONE_HDR)).toEqual({
      container: 'mov',
      duration: 12.45,
      bitrate: 9_840_000,
      video: { codec: 'hevc', profile: 'Main 10', pixelFormat: 'yuv420p10le', width: 1920, height: 1080, hdr: true },
      audio: { codec: 'aac' },
    });
  });

  it('tone-maps HDR only', () => {
    expect(conversionArgs('in', 'out.mp4', parseProbe(IPHONE_HDR)).join(' ')).toContain('tonemap=tonemap=hable');
    expect(conversionArgs('in', 'out.mp4', parseProbe(WEB_MP4)).join(' ')).not.toContain('tonemap');
  });
});

describe('isWebReady', () => {
  it('leaves an MP4 that is already H.264/AAC, within 720p and 1.5 Mbit/s as it is', () => {
    expect(isWebReady(parseProbe(WEB_MP4))).toBe(true);
  });

  it('converts HEVC, 10-bit, larger or faster videos', () => {
    expect(isWebReady(parseProbe(IPHONE_HDR))).toBe(false);
    expect(isWebReady(parseProbe(WEB_MP4.replace('1280x720', '1920x1080')))).toBe(false);
    expect(isWebReady(parseProbe(WEB_MP4.replace('bitrate: 900 kb/s', 'bitrate: 4000 kb/s')))).toBe(false);
    expect(isWebReady(parseProbe(WEB_MP4.replace('Audio: aac (LC)', 'Audio: vorbis')))).toBe(false);
    expect(isWebReady(parseProbe(WEB_MP4.replace('h264 (High)', 'h264 (High 10)')))).toBe(false);
  });
});

describe('probeVideo and takePoster', () => {
  it('reads a real video and takes its frame at one second', async () => {
    const video = await makeVideo(path.join(work, 'clip.mp4'), { seconds: 2 });
    const probe = await probeVideo(video);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    const poster = path.join(work, 'poster.jpg');
    await takePoster(video, poster, probe.duration);
    const report = await runFfmpeg(['-i', poster, '-f', 'null', '-'], { timeoutMs: 30_000 });
    expect(parseProbe(report).video).toMatchObject({ codec: 'mjpeg', width: 320, height: 240 });
  });

  it('says a file that is not a video is not one', async () => {
    const { writeFileSync } = await import('fs');
    const junk = path.join(work, 'junk.mp4');
    writeFileSync(junk, Buffer.from('not a video at all'));
    await expect(probeVideo(junk)).rejects.toThrow('The file is not a video the server can read.');
  });
});
