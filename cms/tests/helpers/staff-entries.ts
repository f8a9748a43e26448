import { expect } from 'vitest';
import { form, jpegBytes, json, mp4Bytes, pngBytes, send } from './api';
import type { TestCms } from './cms-server';

/** Ids of what `addStaffEntries` made; `deleted` was a post that is gone again (a gap in the ids). */
export interface StaffEntries {
  team: number;
  image: number;
  video: number;
  blog: number;
  plain: number;
  deleted: number;
}

/**
 * Staff entries of every kind beside the demo content, through the contract as the admin sends
 * them: with files and Nepali versions, a post in Markdown (with the CRLF line breaks forms send),
 * an English-only post without a cover, and a post deleted again. For the tests that carry a whole
 * site from one CMS to another (backups, content folders).
 */
export async function addStaffEntries(cms: TestCms, token: string): Promise<StaffEntries> {
  const create = async (kind: string, body: FormData) => {
    const response = await send(cms.url, 'POST', `/api/${kind}`, body, token);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await json(response)).id as number;
  };
  const nepali = async (kind: string, id: number, fields: Record<string, string>) =>
    expect((await send(cms.url, 'PUT', `/api/${kind}/${id}?locale=ne`, form(fields), token)).status).toBe(200);

  const team = await create(
    'team-member',
    form(
      { name: 'Maya Gurung', role: 'Cook', bio: 'Cooks five meals a day.', joined_at: '2022-03-01' },
      { photo: { bytes: await pngBytes(), name: 'm.png', type: 'image/png' } },
    ),
  );
  await nepali('team-member', team, { role: 'भान्से', bio: 'दिनको पाँच पटक खाना पकाउनुहुन्छ।' });
  const image = await create(
    'image-gallery',
    form(
      { title: 'Garden in spring', description: 'Spring planting: beans and marigolds.' },
      { image: { bytes: await jpegBytes(), name: 'g.jpg', type: 'image/jpeg' } },
    ),
  );
  await nepali('image-gallery', image, { title: 'वसन्तको बगैँचा', description: 'वसन्तमा रोपाइँ।' });
  const video = await create(
    'video-gallery',
    form(
      { title: 'A short clip', description: 'Children singing on the terrace.' },
      {
        video: { bytes: mp4Bytes(), name: 'c.mp4', type: 'video/mp4' },
        poster: { bytes: await pngBytes(64, 36), name: 'p.png', type: 'image/png' },
      },
    ),
  );
  await nepali('video-gallery', video, { title: 'छोटो भिडियो', description: 'छतमा गीत गाउँदै बालबालिका।' });
  const blog = await create(
    'blog',
    form(
      { title: 'Hello from the hills', content: '# Hi\n\nFirst *post*.\nForms send line breaks as CRLF.', author: 'staff@example.org' },
      { media: { bytes: await pngBytes(32, 32), name: 'b.png', type: 'image/png' } },
    ),
  );
  await nepali('blog', blog, { title: 'पहाडबाट नमस्ते', content: 'पहिलो लेख।' });
  const plain = await create('blog', form({ title: 'Plain notice', content: 'No picture, no Nepali.', author: 'staff@example.org' }));
  const deleted = await create('blog', form({ title: 'Deleted again', content: 'x', author: 'staff@example.org' }));
  expect((await send(cms.url, 'DELETE', `/api/blog/${deleted}`, undefined, token)).status).toBe(204);
  return { team, image, video, blog, plain, deleted };
}
