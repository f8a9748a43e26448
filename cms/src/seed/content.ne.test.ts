import { describe, expect, it } from 'vitest';
import * as en from './content';
import * as ne from './content.ne';

const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN_WORD = /[A-Za-z]{3,}/g;

/** Every string inside a value, with its path, skipping the shared ImageSpec objects. */
function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((inner, i) => strings(inner, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    if ('scene' in value && 'key' in value) return [];
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
  }
  return [];
}

/** The shape of a value: keys, array lengths and non-text leaves, with every string blanked. */
function shape(value: unknown): unknown {
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    if ('scene' in value && 'key' in value) return value; // ImageSpecs must be the same objects
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return value;
}

const singleTypes = ['siteSettings', 'home', 'objectivePage', 'organizationPage'] as const;

// Words that stay in Latin letters inside Nepali text: the national exam's name.
const ALLOWED_LATIN = new Set(['SEE']);

describe('Nepali seed content', () => {
  it.each(singleTypes)('%s has the English structure, counts and images', (name) => {
    expect(shape(ne[name])).toEqual(shape(en[name]));
  });

  it('reuses the English ImageSpec objects instead of copies', () => {
    ne.home.heroSlides.forEach((slide, i) => expect(slide.image).toBe(en.home.heroSlides[i]?.image));
    ne.home.benefits.forEach((card, i) => expect(card.image).toBe(en.home.benefits[i]?.image));
    expect(ne.home.participationImage).toBe(en.home.participationImage);
  });

  it('keeps the facts that are numbers: the BS years of the history cards', () => {
    expect(ne.organizationPage.historyCards.map((c) => c.yearBs)).toEqual([2068, 2074]);
  });

  it('has one translation per English collection entry', () => {
    expect(ne.teamMembers).toHaveLength(en.teamMembers.length);
    expect(ne.galleryImages).toHaveLength(en.galleryImages.length);
    expect(ne.galleryVideos).toHaveLength(en.galleryVideos.length);
    expect(ne.blogs).toHaveLength(en.blogs.length);
  });

  it('keeps the markup of the hero slides (the same tags in the same order)', () => {
    const tags = (html: string) => html.match(/<\/?\w+>/g) ?? [];
    ne.home.heroSlides.forEach((slide, i) => {
      const english = en.home.heroSlides[i]!;
      expect(tags(slide.text), `slide ${i} text`).toEqual(tags(english.text));
      expect(tags(slide.heading).sort(), `slide ${i} heading`).toEqual(tags(english.heading).sort());
    });
  });

  it("keeps each blog post's Markdown outline: headings, list items and emphasis", () => {
    const outline = (md: string) =>
      md.split('\n').map((line) => (/^(#+ |- |\d+\. )/.exec(line)?.[1] ?? '')).filter(Boolean).join('');
    const emphasis = (md: string) => (md.match(/\*\*|\*/g) ?? []).length;
    ne.blogs.forEach((post, i) => {
      const english = en.blogs[i]!;
      expect(outline(post.content), `blog ${i}`).toBe(outline(english.content));
      expect(emphasis(post.content), `blog ${i}`).toBe(emphasis(english.content));
    });
  });

  it('is written in Devanagari, with no stray English words', () => {
    const texts = [
      ...singleTypes.flatMap((name) => strings(ne[name], name)),
      ...strings(ne.teamMembers, 'teamMembers'),
      ...strings(ne.galleryImages, 'galleryImages'),
      ...strings(ne.galleryVideos, 'galleryVideos'),
      ...strings(ne.blogs, 'blogs'),
    ];
    const untranslated = texts.filter(([path, text]) => {
      if (['siteSettings.phone', 'siteSettings.email', 'siteSettings.socialUrl', 'siteSettings.mapEmbedUrl'].includes(path)) {
        return false;
      }
      const withoutMarkup = text.replace(/<\/?\w+>/g, '');
      const stray = (withoutMarkup.match(LATIN_WORD) ?? []).filter((word) => !ALLOWED_LATIN.has(word));
      return !DEVANAGARI.test(withoutMarkup) || stray.length > 0;
    });
    expect(untranslated).toEqual([]);
  });
});
