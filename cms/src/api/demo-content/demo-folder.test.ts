import path from 'path';
import { describe, expect, it } from 'vitest';
import { readFolder, type PageRecord } from '../../content-folder/files';

// The demo content folder (cms/demo-content/) as people read it: complete in both languages.
const folder = readFolder(path.resolve(__dirname, '../../../demo-content'));

const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN_WORD = /[A-Za-z]{3,}/g;
// Words that stay in Latin letters inside Nepali text: the national exam's name.
// Names written as their owners write them, which a donor must find in a banking app as they are.
const ALLOWED_LATIN = new Set(['SEE', 'SWIFT', 'NepalQR', 'Fonepay', 'eSewa', 'Khalti', 'Scan', 'QR']);

/** Every string inside a value, with its path, leaving out media references. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((inner, i) => strings(inner, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    if ('file' in value) return [];
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  }
  return [];
}

/** The shape of a value: keys, list lengths and media, with every text blanked. */
function shape(value: unknown): unknown {
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    if ('file' in value) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return value;
}

/** The English page's attributes that have a Nepali version (those the Nepali part lists). */
const englishOf = (page: PageRecord) => Object.fromEntries(Object.keys(page.ne ?? {}).map((key) => [key, page.en[key]]));

describe('demo content folder', () => {
  it('reads without a problem: 7 posts, 7 team members, 10 images, 3 videos, 4 pages', async () => {
    const { entries, pages, problems } = await folder;
    expect(problems).toEqual([]);
    const count = (dir: string) => entries.filter((entry) => entry.kind.dir === dir).length;
    expect([count('blog'), count('team'), count('images'), count('videos'), pages.length]).toEqual([7, 7, 10, 3, 4]);
    // A template, not an export: no ids, so a new database numbers its entries itself (by date).
    expect(entries.filter((entry) => entry.id !== undefined)).toEqual([]);
  });

  it('gives every entry and page a Nepali version', async () => {
    const { entries, pages } = await folder;
    expect(entries.filter((entry) => !entry.ne).map((entry) => entry.file)).toEqual([]);
    expect(pages.filter((page) => !page.ne).map((page) => page.file)).toEqual([]);
  });

  it.each(['home', 'objective-page', 'organization-page', 'site-setting'])(
    '%s in Nepali has the English structure, counts and pictures',
    async (name) => {
      const page = (await folder).pages.find((candidate) => candidate.kind.name === name)!;
      expect(shape(page.ne)).toEqual(shape(englishOf(page)));
    },
  );

  it('keeps the markup of the hero slides (the same tags in the same order)', async () => {
    const home = (await folder).pages.find((page) => page.kind.name === 'home')!;
    const tags = (html: string) => html.match(/<\/?\w+>/g) ?? [];
    const slides = (values: Record<string, unknown>) => values.heroSlides as { heading: string; text: string }[];
    slides(home.ne!).forEach((slide, i) => {
      const english = slides(home.en)[i]!;
      expect(tags(slide.text), `slide ${i} text`).toEqual(tags(english.text));
      expect(tags(slide.heading).sort(), `slide ${i} heading`).toEqual(tags(english.heading).sort());
    });
  });

  it("keeps each post's Markdown outline in Nepali: headings, list items and emphasis", async () => {
    const outline = (md: string) =>
      md
        .split('\n')
        .map((line) => /^(#+ |- |\d+\. )/.exec(line)?.[1] ?? '')
        .filter(Boolean)
        .join('');
    const emphasis = (md: string) => (md.match(/\*\*|\*/g) ?? []).length;
    for (const post of (await folder).entries.filter((entry) => entry.kind.dir === 'blog')) {
      expect(outline(post.ne!.content), post.file).toBe(outline(post.text.content));
      expect(emphasis(post.ne!.content), post.file).toBe(emphasis(post.text.content));
    }
  });

  it('is written in Devanagari in Nepali, with no stray English words', async () => {
    const { entries, pages } = await folder;
    const texts = [...entries.flatMap((entry) => strings(entry.ne, entry.file)), ...pages.flatMap((page) => strings(page.ne, page.file))];
    const untranslated = texts.filter(([, text]) => {
      // Markup and the figure placeholders ({children}, filled with the settings' number) are not words.
      const withoutMarkup = text.replace(/<\/?\w+>/g, '').replace(/\{(children|capacity)\}/g, '');
      const stray = (withoutMarkup.match(LATIN_WORD) ?? []).filter((word) => !ALLOWED_LATIN.has(word));
      return !DEVANAGARI.test(withoutMarkup) || stray.length > 0;
    });
    expect(untranslated).toEqual([]);
  });
});
