import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { englishId } from './graphql-extension';

// numericId of non-English versions: looked up by documentId, batched per request.
const queries: unknown[] = [];

beforeEach(() => {
  queries.length = 0;
  (globalThis as any).strapi = {
    db: {
      query: (uid: string) => ({
        findMany: async (params: { where: { documentId: { $in: string[] } } }) => {
          queries.push({ uid, params });
          return params.where.documentId.$in.filter((documentId) => documentId !== 'no-english').map((documentId) => ({ id: Number(documentId.slice(4)), documentId }));
        },
      }),
    },
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
