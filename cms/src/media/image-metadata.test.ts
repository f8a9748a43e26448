import { mkdtempSync, readFileSync, writeFileSync } from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripImageMetadata, UnreadableImageError } from './image-metadata';
import { exiftoolJson, PRIVATE_VALUES, writeMetadata } from '../../tests/helpers/metadata';

const work = mkdtempSync(path.join(os.tmpdir(), 'image-metadata-'));

/** A small picture in `format` with a phone's worth of metadata written by exiftool. */
async function photoWithMetadata(format: 'jpeg' | 'png' | 'gif') {
  const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } });
  const file = path.join(work, `photo.${format === 'jpeg' ? 'jpg' : format}`);
  writeFileSync(file, await base[format]().toBuffer());
  writeMetadata(file);
  return file;
}

const PRIVATE = PRIVATE_VALUES;

describe('stripImageMetadata', () => {
  for (const format of ['jpeg', 'png', 'gif'] as const) {
    it(`leaves no GPS, serial, owner, XMP, IPTC or comment in a ${format}, and the same pixels`, async () => {
      const file = await photoWithMetadata(format);
      const before = exiftoolJson(file);
      // The fixture really carries what a phone writes (else the test proves nothing).
      expect(JSON.stringify(before)).toMatch(PRIVATE);

      const cleaned = stripImageMetadata(readFileSync(file), format);
      const out = path.join(work, `clean.${format}`);
      writeFileSync(out, cleaned);
      expect(JSON.stringify(exiftoolJson(out))).not.toMatch(PRIVATE);
      expect(cleaned.toString('latin1')).not.toMatch(/Sita|SN-4471|Tansen|xmpmeta|Exif\0\0/);

      const [a, b] = await Promise.all([sharp(file).raw().toBuffer(), sharp(out).raw().toBuffer()]);
      expect(b.equals(a)).toBe(true);
      // Stripping a clean file changes nothing.
      expect(stripImageMetadata(cleaned, format).equals(cleaned)).toBe(true);
    });
  }

  it('keeps a JPEG colour profile and drops what follows the end of the image', async () => {
    const withProfile = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#a33' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const appended = Buffer.concat([withProfile, Buffer.from('ftypmp42 a motion photo with GPS 27.87N')]);
    const cleaned = stripImageMetadata(appended, 'jpeg');
    expect((await sharp(cleaned).metadata()).icc).toBeDefined();
    expect(cleaned.toString('latin1')).not.toContain('motion photo');
    expect(cleaned.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });

  it('keeps a progressive JPEG whole (several scans, tables between them)', async () => {
    const progressive = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#357' } })
      .composite([{ input: Buffer.from('<svg width="300" height="200"><circle cx="90" cy="80" r="60" fill="#fc0"/></svg>') }])
      .jpeg({ progressive: true })
      .withExif({ IFD0: { Artist: 'Sita Gurung' } })
      .toBuffer();
    const cleaned = stripImageMetadata(progressive, 'jpeg');
    const [a, b] = await Promise.all([sharp(progressive).raw().toBuffer(), sharp(cleaned).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
    expect(cleaned.toString('latin1')).not.toContain('Sita');
  });

  it('keeps every frame of an animated GIF and its looping', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 16, height: 16, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const source = path.join(work, 'animated.gif');
    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map(frame));
    writeFileSync(
      source,
      await sharp(frames, { join: { animated: true } })
        .gif({ loop: 0, delay: 100 })
        .toBuffer(),
    );
    writeMetadata(source);
    expect(readFileSync(source).toString('latin1')).toContain('Sita');
    const cleaned = stripImageMetadata(readFileSync(source), 'gif');
    const info = await sharp(cleaned, { animated: true }).metadata();
    expect(info.pages).toBe(3);
    expect(info.loop).toBe(0);
    expect(cleaned.toString('latin1')).not.toContain('Sita');
  });

  it('refuses files that are not well formed, instead of passing them through', () => {
    const cut = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 0x45]);
    expect(() => stripImageMetadata(cut, 'jpeg')).toThrow(UnreadableImageError);
    expect(() => stripImageMetadata(Buffer.from('GIF89a'), 'gif')).toThrow(UnreadableImageError);
    expect(() => stripImageMetadata(Buffer.from('\x89PNG\r\n\x1a\nshort', 'latin1'), 'png')).toThrow(UnreadableImageError);
  });
});
