import { mkdtempSync, readFileSync } from 'fs';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { sniffFile } from '../contract/file-type';
import { PRIVATE_VALUES, privateTags } from '../../tests/helpers/metadata';
import { makeVideo } from '../../tests/helpers/videos';
import { runFfmpeg } from './ffmpeg';
import { removeVideoMetadata } from './video-metadata';

const work = mkdtempSync(path.join(os.tmpdir(), 'video-metadata-'));

/** What ffmpeg reports of a file's streams (codec names), to see nothing was re-encoded or lost. */
async function streamsOf(file: string) {
  const report = await runFfmpeg(['-i', file, '-f', 'null', '-t', '0', '-'], { timeoutMs: 30_000 });
  const input = report.slice(0, report.indexOf('Output #0'));
  return [...input.matchAll(/Stream #0:\d+.*?: (Video|Audio): (\w+)/g)].map((match) => `${match[1]}:${match[2]}`);
}

describe('removeVideoMetadata', () => {
  for (const ext of ['mp4', 'mov', 'mkv', 'webm', 'avi'] as const) {
    it(`leaves no place, device or person in a .${ext}, and the same streams`, async () => {
      const file = await makeVideo(path.join(work, `clip.${ext}`), { seconds: 1, metadata: true });
      expect(Object.keys(privateTags(file)).length).toBeGreaterThan(0);
      const streams = await streamsOf(file);

      const type = (await sniffFile(file))!;
      const result = await removeVideoMetadata(file, type);
      expect(result.changed).toBe(true);
      expect(privateTags(file)).toEqual({});
      expect(readFileSync(file).toString('latin1')).not.toMatch(PRIVATE_VALUES);
      expect(await streamsOf(file)).toEqual(streams);
      expect((await sniffFile(file))?.mime).toBe(type.mime);
      // A cleaned video is left as it is the next time.
      expect(await removeVideoMetadata(file, type)).toEqual({ changed: false, size: result.size });
    });
  }

  it('drops a subtitle track that carries GPS positions (as drones write them)', async () => {
    const file = await makeVideo(path.join(work, 'drone.mp4'), { seconds: 1, gpsSubtitles: true });
    expect(readFileSync(file).toString('latin1')).toContain('27.8671');
    await removeVideoMetadata(file, (await sniffFile(file))!);
    expect(readFileSync(file).toString('latin1')).not.toContain('27.8671');
    expect(await streamsOf(file)).toEqual(['Video:h264', 'Audio:aac']);
  });
});
