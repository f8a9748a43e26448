import { lstat, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeOldEntries, removeStoredFile, type FileStore, type SweepFs } from './uploads';

// The boot-time sweep of orphan uploads runs in every CMS process as it starts; with two processes
// on shared uploads (or one finishing a request) the folder changes under it. It crashed the boot
// on the first file another process had removed first (stat, rm, readdir: ENOENT).
const enoent = (what: string) => Object.assign(new Error(`ENOENT: no such file or directory, ${what}`), { code: 'ENOENT' });
const realFs: SweepFs = { readdir: (dir) => readdir(dir), lstat, rm };

describe('removeOldEntries', () => {
  let dir: string;
  const old = new Date(Date.now() - 3_600_000);
  const cutoff = new Date(Date.now() - 60_000);
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sweep-test-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const oldFiles = async (names: string[]) => {
    for (const name of names) {
      await writeFile(path.join(dir, name), name);
      await utimes(path.join(dir, name), old, old);
    }
  };

  it('removes old files nobody keeps; new ones, kept ones and dot files stay', async () => {
    await oldFiles(['orphan-1.png', 'orphan-2.png', 'kept.png', '.gitkeep']);
    await writeFile(path.join(dir, 'in-flight.png'), 'x');
    expect(await removeOldEntries(dir, { cutoff, keep: (name) => name === 'kept.png' })).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(['.gitkeep', 'in-flight.png', 'kept.png']);
  });

  it('skips what another process removes between the listing and the stat, or between the stat and the removal', async () => {
    await oldFiles(['a.png', 'b.png', 'c.png', 'd.png']);
    const otherProcess: SweepFs = {
      // The other sweep removes a.png right after this one listed the folder ...
      async readdir(folder) {
        const names = await realFs.readdir(folder);
        await rm(path.join(dir, 'a.png'));
        return names;
      },
      // ... and b.png between this one's stat and its removal, where a recursive rm may say ENOENT.
      async lstat(file) {
        const info = await realFs.lstat(file);
        if (file.endsWith('b.png')) await rm(file);
        return info;
      },
      async rm(file, options) {
        if (file.endsWith('b.png')) throw enoent(`rm '${file}'`);
        return realFs.rm(file, options);
      },
    };
    expect(await removeOldEntries(dir, { cutoff, fs: otherProcess })).toBe(2);
    expect(await readdir(dir)).toEqual([]);
  });

  it('has nothing to sweep in a folder that is gone, and removes old folders whose content goes meanwhile', async () => {
    expect(await removeOldEntries(path.join(dir, 'never-made'), { cutoff, folders: true })).toBe(0);
    const gone: SweepFs = { ...realFs, readdir: async (folder) => Promise.reject(enoent(`scandir '${folder}'`)) };
    expect(await removeOldEntries(dir, { cutoff, fs: gone })).toBe(0);

    await mkdir(path.join(dir, 'strapi-upload-1'));
    await writeFile(path.join(dir, 'strapi-upload-1', 'part'), 'x');
    await utimes(path.join(dir, 'strapi-upload-1'), old, old);
    const emptiedMeanwhile: SweepFs = {
      ...realFs,
      async rm(file, options) {
        await rm(file, options); // the other process wins the race
        throw enoent(`scandir '${file}'`);
      },
    };
    expect(await removeOldEntries(dir, { cutoff, folders: true, fs: emptiedMeanwhile })).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('two sweeps of one folder at once both finish and remove each file once', async () => {
    await oldFiles(Array.from({ length: 300 }, (_, i) => `orphan-${i}.png`));
    const [first, second] = await Promise.all([removeOldEntries(dir, { cutoff }), removeOldEntries(dir, { cutoff })]);
    expect(first + second).toBeGreaterThanOrEqual(300);
    expect(await readdir(dir)).toEqual([]);
  });

  it('still fails on a real problem (not a vanished file)', async () => {
    await oldFiles(['a.png']);
    const denied: SweepFs = {
      ...realFs,
      rm: async () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })),
    };
    await expect(removeOldEntries(dir, { cutoff, fs: denied })).rejects.toThrow(/EACCES/);
  });
});

describe('removeStoredFile', () => {
  /** A media library of one file, whose row and bytes `meanwhile` can take away as another process would. */
  const library = (meanwhile: (state: { row: boolean; bytes: boolean }) => void, failWhen: 'bytes' | 'row' | 'never' = 'never') => {
    const state = { row: true, bytes: true, removals: 0 };
    const store: FileStore = {
      find: async () => (state.row ? { id: 1 } : null),
      async remove() {
        meanwhile(state);
        if (failWhen === 'bytes' && !state.bytes) {
          failWhen = 'never';
          throw enoent("unlink '/uploads/photo.png'");
        }
        if (failWhen === 'row' && !state.row) throw new Error("Cannot read properties of null (reading 'id')");
        state.bytes = false;
        state.row = false;
        state.removals += 1;
      },
    };
    return { state, store };
  };

  it('removes a file', async () => {
    const { state, store } = library(() => undefined);
    expect(await removeStoredFile(1, store)).toBe(true);
    expect(state).toMatchObject({ row: false, bytes: false, removals: 1 });
  });

  it('is done when another process removed the row first', async () => {
    const { store } = library((state) => (state.row = false), 'row');
    expect(await removeStoredFile(1, store)).toBe(false);
    const gone = library(() => undefined);
    gone.state.row = false;
    expect(await removeStoredFile(1, gone.store)).toBe(false);
  });

  it('tries again when the bytes went between the check and the delete (ENOENT), and removes the row', async () => {
    const { state, store } = library((files) => (files.bytes = false), 'bytes');
    expect(await removeStoredFile(1, store)).toBe(true);
    expect(state).toMatchObject({ row: false, removals: 1 });
  });

  it('still fails on a real problem', async () => {
    const store: FileStore = { find: async () => ({ id: 1 }), remove: async () => Promise.reject(new Error('disk on fire')) };
    await expect(removeStoredFile(1, store)).rejects.toThrow('disk on fire');
  });
});
