import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { componentsOf, englishId, mediaOf } from './graphql-extension';

// numericId of non-English versions: looked up by documentId, batched per request.
const queries: unknown[] = [];

beforeEach(() => {
  queries.length = 0;
  (globalThis as any).strapi = {
    db: {
      query: (uid: string) => ({
        findMany: async (params: {
          where: { documentId?: { $in: string[] }; id?: { $in: number[] } };
          populate?: Record<string, true>;
        }) => {
          // No photo's consent is withdrawn (consent/withheld.ts asks at most once a second).
          if (uid === 'api::photo-consent.photo-consent') return [];
          queries.push({ uid, params });
          if (params.where.id) {
            // Rows 1..50 exist; odd ones have a picture; row n has n list items.
            const value = (field: string, id: number) =>
              field === 'items'
                ? Array.from({ length: id }, (_, i) => ({ text: `item ${i + 1}` }))
                : id % 2
                  ? { id: 1000 + id, url: `/uploads/${id}.jpg` }
                  : null;
            return params.where.id.$in
              .filter((id) => id <= 50)
              .map((id) => ({ id, ...Object.fromEntries(Object.keys(params.populate!).map((field) => [field, value(field, id)])) }));
          }
          return params.where
            .documentId!.$in.filter((documentId) => documentId !== 'no-english')
            .map((documentId) => ({ id: Number(documentId.slice(4)), documentId }));
        },
      }),
    },
    plugin: () => ({ service: () => ({ signFileUrls: async (file: object) => ({ ...file, signed: true }) }), config: () => 25 }),
    log: { error: () => undefined },
  };
});

afterEach(() => {
  delete (globalThis as any).strapi;
});

const ne = (id: number, documentId: string) => ({ id: id + 1000, documentId, locale: 'ne' });

describe('numericId', () => {
  it('answers a list of 100 Nepali rows with one query, and repeats from the cache', async () => {
    const request = {};
    const rows = Array.from({ length: 100 }, (_, i) => ne(i + 1, `doc-${i + 1}`));
    const ids = await Promise.all(rows.map((row) => englishId('api::blog.blog', row, request)));
    expect(ids).toEqual(rows.map((_, i) => i + 1));
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ params: { where: { locale: 'en' } } });
    expect(await englishId('api::blog.blog', rows[5]!, request)).toBe(6);
    expect(queries).toHaveLength(1);
  });

  it('needs no query for English rows, and keeps the own id of a version without an English row', async () => {
    expect(await englishId('api::blog.blog', { id: 7, documentId: 'doc-7', locale: 'en' }, {})).toBe(7);
    expect(queries).toHaveLength(0);
    expect(await englishId('api::blog.blog', ne(3, 'no-english'), {})).toBe(1003);
  });

  it('does not share answers between requests', async () => {
    await englishId('api::blog.blog', ne(1, 'doc-1'), {});
    await englishId('api::blog.blog', ne(1, 'doc-1'), {});
    expect(queries).toHaveLength(2);
  });
});

describe('single media fields', () => {
  it('loads the pictures of a whole list with one query, each row getting its own (or null)', async () => {
    const request = {};
    const files = await Promise.all(Array.from({ length: 60 }, (_, i) => mediaOf('api::blog.blog', 'media', { id: i + 1 }, request)));
    expect(queries).toEqual([
      {
        uid: 'api::blog.blog',
        params: { where: { id: { $in: Array.from({ length: 60 }, (_, i) => i + 1) } }, select: ['id'], populate: { media: true } },
      },
    ]);
    expect(files[0]).toEqual({ id: 1001, url: '/uploads/1.jpg', signed: true });
    expect(files[1]).toBeNull();
    expect(files[59]).toBeNull(); // no such row
    expect(await mediaOf('api::blog.blog', 'media', { id: 3 }, request)).toMatchObject({ url: '/uploads/3.jpg' });
    expect(queries).toHaveLength(1);
  });

  it('loads every field asked of a type in the same turn with one query, and keeps requests apart', async () => {
    const request = {};
    const [video, poster] = await Promise.all([
      mediaOf('api::video-gallery.video-gallery', 'video', { id: 1 }, request),
      mediaOf('api::video-gallery.video-gallery', 'poster', { id: 1 }, request),
      mediaOf('api::blog.blog', 'media', { id: 1 }, request),
    ]);
    expect(video).toMatchObject({ url: '/uploads/1.jpg' });
    expect(poster).toMatchObject({ url: '/uploads/1.jpg' });
    expect(queries.map((q) => (q as { params: { populate: object } }).params.populate)).toEqual([
      { video: true, poster: true },
      { media: true },
    ]);
    await mediaOf('api::video-gallery.video-gallery', 'video', { id: 1 }, {});
    expect(queries).toHaveLength(3);
  });
});

describe('component fields', () => {
  it('loads the components of all rows at once, cutting repeatable ones at the default page size as Strapi does', async () => {
    const request = {};
    const [few, many, none] = await Promise.all([
      componentsOf('home.benefit-card', 'items', true, { id: 3 }, request),
      componentsOf('home.benefit-card', 'items', true, { id: 40 }, request),
      componentsOf('home.benefit-card', 'items', true, { id: 99 }, request),
    ]);
    expect(few).toEqual([{ text: 'item 1' }, { text: 'item 2' }, { text: 'item 3' }]);
    expect(many).toHaveLength(25);
    expect(none).toEqual([]);
    expect(queries).toHaveLength(1);
    expect(await componentsOf('api::home.home', 'participation', false, { id: 99 }, request)).toBeNull();
  });
});
