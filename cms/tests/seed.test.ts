import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCms, ADMIN_EMAIL, ADMIN_PASSWORD, type TestCms } from './helpers/cms-server';
import { json, login } from './helpers/api';

let cms: TestCms;

beforeAll(async () => {
  cms = await startTestCms({ seed: true });
}, 240_000);

afterAll(async () => {
  await cms?.stop();
});

const counts = async () => ({
  team: (await json(await fetch(`${cms.url}/api/team-member`))).count,
  images: (await json(await fetch(`${cms.url}/api/image-gallery`))).count,
  videos: (await json(await fetch(`${cms.url}/api/video-gallery`))).count,
  blogs: (await json(await fetch(`${cms.url}/api/blog`))).count,
  files: await cms.countRows('files'),
  users: await cms.countRows('up_users'),
  admins: await cms.countRows('admin_users'),
});

const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  json(
    await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );

describe('seeded demo content', () => {
  it('has the demo content the issue asks for, with media that is served', async () => {
    const seeded = await counts();
    expect(seeded.team).toBeGreaterThanOrEqual(6);
    expect(seeded.images).toBeGreaterThanOrEqual(8);
    expect(seeded.videos).toBeGreaterThanOrEqual(3);
    expect(seeded.blogs).toBeGreaterThanOrEqual(6);
    expect(seeded.users).toBe(1);
    expect(seeded.admins).toBe(1);

    const blogs = (await json(await fetch(`${cms.url}/api/blog`))).results;
    for (const post of blogs) expect(post.mediaUrl, post.title).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\//);
    const video = (await json(await fetch(`${cms.url}/api/video-gallery`))).results[0];
    const served = await fetch(video.mediaUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
  });

  it('gives every demo video its poster frame', async () => {
    const videos = (await json(await fetch(`${cms.url}/api/video-gallery`))).results;
    for (const video of videos) {
      expect(video.posterUrl, video.title).toMatch(/\/uploads\/.+\.jpg$/);
      const poster = await fetch(video.posterUrl);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('fills the single types with the spec content, readable through GraphQL', async () => {
    const { data, errors } = await graphql(`
      {
        siteSetting {
          name
          email
          phone
          address
        }
        home {
          heroSlides {
            heading
            text
          }
          welcomeCards {
            title
          }
          benefitsHeading
          benefits {
            title
            alt
            items {
              text
            }
          }
          participationHeading
          initiatives {
            title
            description
          }
          admissionHeading
          admissionListOne {
            text
          }
          admissionListTwo {
            text
          }
        }
        objectivePage {
          bannerTitle
          coreObjectives {
            title
          }
          additionalObjectives {
            text
          }
          keyAreas {
            title
          }
        }
        organizationPage {
          bannerTitle
          standards {
            text
          }
          historyCards {
            title
            yearBs
          }
          programmes {
            title
          }
          challenges {
            text
          }
        }
      }
    `);
    expect(errors).toBeUndefined();
    expect(data.home.heroSlides).toHaveLength(3);
    expect(data.home.welcomeCards).toHaveLength(3);
    expect(data.home.benefitsHeading).toBe('Benefits for Children');
    expect(data.home.benefits).toHaveLength(9);
    expect(data.home.benefits.map((card: { title: string }) => card.title)).toEqual(
      expect.arrayContaining([
        'Accommodation',
        'Annual Clothing',
        'School Uniform',
        'Food',
        'Education',
        'Health',
        'Personal Hygiene Supplies',
        'Entertainment',
      ]),
    );
    expect(data.home.initiatives.map((item: { title: string }) => item.title)).toEqual([
      'Child Club',
      'Child Protection Committee',
      'Open Communication',
      'Suggestion Box',
      'Confidentiality',
    ]);
    expect(data.home.admissionHeading).toBe('Required Documents for Child Admission');
    expect(data.home.admissionListOne).toHaveLength(7);
    expect(data.home.admissionListTwo).toHaveLength(7);
    expect(data.objectivePage.bannerTitle).toBe('OUR OBJECTIVES');
    expect(data.objectivePage.coreObjectives).toHaveLength(4);
    expect(data.objectivePage.additionalObjectives).toHaveLength(5);
    expect(data.objectivePage.keyAreas).toHaveLength(3);
    expect(data.organizationPage.bannerTitle).toBe('ORGANIZATION');
    expect(data.organizationPage.standards).toHaveLength(5);
    expect(data.organizationPage.historyCards.map((card: { yearBs: number }) => card.yearBs)).toEqual([2068, 2074]);
    expect(data.organizationPage.programmes).toHaveLength(4);
    expect(data.organizationPage.challenges).toHaveLength(4);
  });

  it('exposes numeric ids in GraphQL and finds a post by it', async () => {
    const { data } = await graphql('{ blogs(sort: "createdAt:desc") { numericId title } }');
    const first = data.blogs[0];
    expect(Number.isInteger(first.numericId)).toBe(true);
    const byId = await graphql('query($id: Int!) { blogByNumericId(id: $id) { title numericId } }', { id: first.numericId });
    expect(byId.data.blogByNumericId).toEqual(first);
    const missing = await graphql('query($id: Int!) { blogByNumericId(id: $id) { title } }', { id: 999999 });
    expect(missing.data.blogByNumericId).toBeNull();
  });

  it('lets the seeded staff member sign in, to the API and to Strapi console', async () => {
    expect((await login(cms.url, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const consoleLogin = await fetch(`${cms.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(consoleLogin.status).toBe(200);
  });

  it('changes nothing when seeding runs again', async () => {
    const before = await counts();
    const uploads = await cms.uploadedFiles();
    await cms.restart();
    expect(await counts()).toEqual(before);
    expect(await cms.uploadedFiles()).toEqual(uploads);
  });
});
