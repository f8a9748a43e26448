import { mkdtemp, rm, stat, writeFile } from 'fs/promises';
import os from 'os';
import path from 'path';
import type { Core } from '@strapi/strapi';
import * as content from './content';
import { renderSeedImage } from './images';
import { seedNepaliContent } from './nepali';
import type { ImageSpec } from './content';

type Uploaded = { id: number };

/**
 * Demo content for an empty database. Each collection is seeded only while it is empty and each
 * single type only while it does not exist, so running it again changes nothing and never
 * overwrites what staff have written.
 */
export async function seedDemoContent(strapi: Core.Strapi) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'cms-seed-'));
  const uploadedImages = new Map<string, Uploaded>();
  const upload = strapi.plugin('upload').service('upload');

  const uploadFile = async (filepath: string, name: string, mime: string, alternativeText: string) => {
    const { size } = await stat(filepath);
    const [file] = await upload.upload({
      data: { fileInfo: { name, alternativeText } },
      files: { filepath, originalFilename: name, mimetype: mime, size },
    });
    return file as Uploaded;
  };

  const image = async (spec: ImageSpec | null | undefined) => {
    if (!spec) return null;
    const cached = uploadedImages.get(spec.key);
    if (cached) return cached.id;
    const filepath = path.join(workDir, `${spec.key}.jpg`);
    await writeFile(filepath, await renderSeedImage(spec));
    const file = await uploadFile(filepath, `${spec.key}.jpg`, 'image/jpeg', spec.alt);
    uploadedImages.set(spec.key, file);
    return file.id;
  };

  const video = async (fileName: string, title: string) => {
    const filepath = path.join(strapi.dirs.app.root, 'seed-media', 'videos', fileName);
    return (await uploadFile(filepath, fileName, 'video/mp4', title)).id;
  };

  /** The poster frame kept next to each demo video (<name>.jpg), taken from the video itself. */
  const poster = async (fileName: string, title: string) => {
    const jpg = fileName.replace(/\.[^.]+$/, '.jpg');
    const filepath = path.join(strapi.dirs.app.root, 'seed-media', 'videos', jpg);
    return (await uploadFile(filepath, jpg, 'image/jpeg', title)).id;
  };

  const docs = (uid: string) => strapi.documents(uid as never) as any;
  const isEmpty = async (uid: string) => (await docs(uid).count({})) === 0;
  const singleMissing = async (uid: string) => !(await docs(uid).findFirst({}));

  /** Replaces every ImageSpec inside a single type's data with the uploaded file's id. */
  const withUploads = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(withUploads));
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.key === 'string' && typeof record.scene === 'string' && typeof record.width === 'number') {
        return image(record as unknown as ImageSpec);
      }
      const entries = await Promise.all(Object.entries(record).map(async ([key, inner]) => [key, await withUploads(inner)]));
      return Object.fromEntries(entries);
    }
    return value;
  };

  try {
    const singles: [string, unknown][] = [
      ['api::site-setting.site-setting', content.siteSettings],
      ['api::home.home', content.home],
      ['api::objective-page.objective-page', content.objectivePage],
      ['api::organization-page.organization-page', content.organizationPage],
    ];
    for (const [uid, data] of singles) {
      if (await singleMissing(uid)) await docs(uid).create({ data: await withUploads(data) });
    }

    if (await isEmpty('api::team-member.team-member')) {
      for (const member of content.teamMembers) {
        const { photo, ...fields } = member;
        await docs('api::team-member.team-member').create({ data: { ...fields, photo: await image(photo) } });
      }
    }

    if (await isEmpty('api::image-gallery.image-gallery')) {
      for (const item of content.galleryImages) {
        await docs('api::image-gallery.image-gallery').create({
          data: { title: item.title, description: item.description, image: await image(item.image) },
        });
      }
    }

    if (await isEmpty('api::video-gallery.video-gallery')) {
      for (const item of content.galleryVideos) {
        await docs('api::video-gallery.video-gallery').create({
          data: {
            title: item.title,
            description: item.description,
            video: await video(item.file, item.title),
            poster: await poster(item.file, item.title),
          },
        });
      }
    } else {
      // Demo videos seeded before posters existed get theirs (matched by title; staff entries are left alone).
      const withoutPoster = await docs('api::video-gallery.video-gallery').findMany({ filters: { poster: { id: { $null: true } } } });
      for (const entry of withoutPoster) {
        const item = content.galleryVideos.find((candidate) => candidate.title === entry.title);
        if (item) await docs('api::video-gallery.video-gallery').update({ documentId: entry.documentId, data: { poster: await poster(item.file, item.title) } });
      }
    }

    if (await isEmpty('api::blog.blog')) {
      // Oldest first, so numeric ids follow the dates the posts carry.
      const posts = [...content.blogs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      for (const post of posts) {
        const { media, createdAt, ...fields } = post;
        const entry = await docs('api::blog.blog').create({ data: { ...fields, media: await image(media) } });
        // Strapi stamps createdAt itself; the demo posts keep their own dates.
        await strapi.db.query('api::blog.blog').update({ where: { id: entry.id }, data: { createdAt, updatedAt: createdAt } });
      }
    }

    // Then the Nepali versions of whatever is missing one (also on a database seeded in English only).
    await seedNepaliContent(strapi, image);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
