import { mkdtemp, rm, writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContractActions } from './actions';
import { blog, imageGallery, teamMember, videoGallery, type ContractDefinition } from './definitions';

// When the database itself fails, the contract answers 500 with the spec's section 8 message and
// never leaks the error. The stand-in `strapi` below fails every document call.
const failingStrapi = {
  documents: () => {
    const fail = () => Promise.reject(new Error('SQLITE_IOERR: disk I/O error at /secret/path'));
    return {
      findMany: fail,
      findFirst: () => Promise.resolve({ id: 1, documentId: 'abc' }),
      count: fail,
      create: fail,
      update: fail,
      delete: fail,
    };
  },
  log: { error: () => undefined },
  config: { get: () => 'http://127.0.0.1:1337' },
};

const context = (body: Record<string, string> = {}, params: Record<string, string> = {}) =>
  ({ query: {}, params, request: { body }, status: 200, body: undefined }) as any;

const validFields: Record<string, Record<string, string>> = {
  'api::team-member.team-member': { name: 'n', role: 'r', bio: 'b' },
  'api::image-gallery.image-gallery': { title: 't', description: 'd' },
  'api::video-gallery.video-gallery': { title: 't', description: 'd' },
  'api::blog.blog': { title: 't', content: 'c', author: 'a@example.org' },
};

describe('contract failure messages', () => {
  beforeEach(() => {
    (globalThis as any).strapi = failingStrapi;
  });
  afterEach(() => {
    delete (globalThis as any).strapi;
  });

  const cases: [ContractDefinition, string, string][] = [
    [teamMember, 'contractFind', 'Failed to fetch team members'],
    [teamMember, 'contractUpdate', 'Failed to update team member'],
    [teamMember, 'contractDelete', 'Failed to delete team member'],
    [imageGallery, 'contractUpdate', 'Failed to update image'],
    [videoGallery, 'contractUpdate', 'Failed to update video'],
    [imageGallery, 'contractFind', 'Something went wrong'],
    [blog, 'contractCreate', 'Something went wrong'],
  ];

  it.each(cases)('%s.%s -> %s', async (def, action, message) => {
    const ctx = context(validFields[def.uid], { id: '1' });
    await (createContractActions(def) as Record<string, (ctx: unknown) => Promise<void>>)[action](ctx);
    expect(ctx.status).toBe(500);
    expect(ctx.body).toEqual({ message });
  });

  it('answers "Failed to fetch team member" when reading one fails', async () => {
    (globalThis as any).strapi = { ...failingStrapi, documents: () => ({ findFirst: () => Promise.reject(new Error('boom')) }) };
    const ctx = context({}, { id: '1' });
    await createContractActions(teamMember).contractFindOne(ctx as never);
    expect(ctx.body).toEqual({ message: 'Failed to fetch team member' });
  });

  it('answers "Failed to create team member" and removes the already uploaded photo', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'contract-test-'));
    const filepath = path.join(dir, 'photo.png');
    await writeFile(
      filepath,
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
    );
    const removed: unknown[] = [];
    (globalThis as any).strapi = {
      ...failingStrapi,
      plugin: () => ({
        service: () => ({ upload: async () => [{ id: 42, url: '/uploads/p.png' }], remove: async (file: unknown) => removed.push(file) }),
      }),
      db: {
        // The file is there, and no consent of it was withdrawn (that photo would be kept).
        query: (uid: string) => ({
          findOne: async ({ where }: { where: { id: number } }) => (uid === 'api::photo-consent.photo-consent' ? null : { id: where.id }),
        }),
        // No entry links to the new photo (the create failed): the file links table has no row for it.
        metadata: {
          get: () => ({
            attributes: {
              related: {
                joinTable: {
                  name: 'files_related_mph',
                  joinColumn: { name: 'file_id' },
                  morphColumn: { idColumn: { name: 'related_id' }, typeColumn: { name: 'related_type' } },
                },
              },
            },
          }),
        },
        getConnection: () => ({ where: () => ({ select: async () => [] }) }),
      },
    };
    const ctx = context(validFields['api::team-member.team-member']);
    ctx.request.files = { photo: { filepath, size: 100, originalFilename: 'p.png', mimetype: 'image/png' } };
    await createContractActions(teamMember).contractCreate(ctx as never);
    expect(ctx.status).toBe(500);
    expect(ctx.body).toEqual({ message: 'Failed to create team member' });
    expect(removed).toEqual([{ id: 42 }]);
    await rm(dir, { recursive: true, force: true });
  });
});
