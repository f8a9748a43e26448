import { describe, expect, it } from 'vitest';
import { sniffBuffer } from './file-type';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffBuffer', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['gif87', bytes('GIF87a'), 'image/gif'],
    ['gif89', bytes('GIF89a'), 'image/gif'],
    ['mp4', bytes([0, 0, 0, 0x18], 'ftypmp42'), 'video/mp4'],
    ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['avi', bytes('RIFF', [0, 0, 0, 0], 'AVI '), 'video/x-msvideo'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), 'video/webm'],
    ['mkv', bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska'), 'video/x-matroska'],
  ])('recognises %s', (_name, head, mime) => {
    expect(sniffBuffer(head)?.mime).toBe(mime);
  });

  it.each([
    ['html', bytes('<!doctype html><script>alert(1)</script>')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['php', bytes('<?php system($_GET["c"]); ?>')],
    ['javascript', bytes('alert(document.cookie)')],
    ['wav (RIFF but not AVI)', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
    ['unknown ftyp brand', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_name, head) => {
    expect(sniffBuffer(head)).toBeNull();
  });
});
