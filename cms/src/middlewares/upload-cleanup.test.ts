import { createWriteStream } from 'fs';
import { mkdtemp, readdir, writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { removeTempFile } from './upload-cleanup';

describe("removing a request's temporary files", () => {
  it('leaves none behind: written ones, missing ones, and those whose write stream is still opening them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'upload-cleanup-'));
    const written = path.join(dir, 'written');
    await writeFile(written, 'bytes');
    // As a parse stopped just after they began leaves them: formidable has opened a stream on each,
    // whose file is not there yet.
    const opening = Array.from({ length: 50 }, (_, i) => {
      const filepath = path.join(dir, `opening-${i}`);
      return { filepath, _writeStream: createWriteStream(filepath) };
    });
    await Promise.all([...opening, { filepath: written }, { filepath: path.join(dir, 'never-written') }].map(removeTempFile));
    expect(await readdir(dir)).toEqual([]);
    expect(opening.every((file) => file._writeStream.closed)).toBe(true);
  });
});
