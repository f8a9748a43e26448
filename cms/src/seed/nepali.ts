import type { Core } from '@strapi/strapi';
import * as en from './content';
import * as ne from './content.ne';
import type { ImageSpec } from './content';

const LOCALE = 'ne';

type Row = { id: number; documentId: string; createdAt?: string } & Record<string, unknown>;

const isImageSpec = (value: unknown): value is ImageSpec => {
  const record = value as Record<string, unknown> | null;
  return Boolean(record && typeof record.key === 'string' && typeof record.scene === 'string' && typeof record.width === 'number');
};

/**
 * The Nepali (`ne`) versions of the demo content (issue 7), after the English ones. Only what is
 * missing is created, so it is idempotent and an English-only database gets its Nepali versions on
 * the next run: a single type gets one if it has none; a collection entry gets one if it is still
 * a demo entry (its English name or title is the seed's, so staff entries are never given demo
 * text) and has none. Images are the English uploads, found by their file name.
 *
 * `image` uploads a demo image that is not stored yet (the English seed's own uploader).
 */
export async function seedNepaliContent(strapi: Core.Strapi, image: (spec: ImageSpec) => Promise<number | null>) {
  const docs = (uid: string) => strapi.documents(uid as never) as any;
  const localized = (uid: string) =>
    Object.entries((strapi.contentType(uid as never) as unknown as { attributes: Record<string, any> }).attributes)
      .filter(([, attribute]) => attribute.pluginOptions?.i18n?.localized === true)
      .map(([name]) => name);

  const fileIds = new Map<string, number | null>();
  const mediaId = async (spec: ImageSpec) => {
    if (!fileIds.has(spec.key)) {
      const stored = await strapi.db.query('plugin::upload.file').findOne({ where: { name: `${spec.key}.jpg` }, select: ['id'] });
      fileIds.set(spec.key, stored ? (stored as { id: number }).id : await image(spec));
    }
    return fileIds.get(spec.key) ?? null;
  };

  /** Replaces every ImageSpec (images inside localised components) with the stored file's id. */
  const withMedia = async (value: unknown): Promise<unknown> => {
    if (isImageSpec(value)) return mediaId(value);
    if (Array.isArray(value)) return Promise.all(value.map(withMedia));
    if (value && typeof value === 'object') {
      const entries = await Promise.all(Object.entries(value).map(async ([key, inner]) => [key, await withMedia(inner)]));
      return Object.fromEntries(entries);
    }
    return value;
  };

  const singles: [string, object][] = [
    ['api::site-setting.site-setting', ne.siteSettings],
    ['api::home.home', ne.home],
    ['api::objective-page.objective-page', ne.objectivePage],
    ['api::organization-page.organization-page', ne.organizationPage],
  ];
  for (const [uid, data] of singles) {
    const english = (await docs(uid).findFirst({ locale: 'en', fields: ['id'] })) as Row | null;
    if (!english || (await docs(uid).findFirst({ locale: LOCALE, fields: ['id'] }))) continue;
    // Only the localised fields: phone, e-mail, links and the shared image stay the English version's.
    const fields = localized(uid);
    const text = Object.fromEntries(Object.entries(data).filter(([name]) => fields.includes(name)));
    await docs(uid).update({ documentId: english.documentId, locale: LOCALE, data: await withMedia(text) });
  }

  const collections: { uid: string; key: 'name' | 'title'; english: Record<string, unknown>[]; nepali: object[] }[] = [
    { uid: 'api::team-member.team-member', key: 'name', english: en.teamMembers as never, nepali: ne.teamMembers },
    { uid: 'api::image-gallery.image-gallery', key: 'title', english: en.galleryImages as never, nepali: ne.galleryImages },
    { uid: 'api::video-gallery.video-gallery', key: 'title', english: en.galleryVideos as never, nepali: ne.galleryVideos },
    { uid: 'api::blog.blog', key: 'title', english: en.blogs as never, nepali: ne.blogs },
  ];
  for (const { uid, key, english, nepali } of collections) {
    const rows = (await docs(uid).findMany({ locale: 'en', fields: [key, 'createdAt'] })) as Row[];
    const translated = new Set(((await docs(uid).findMany({ locale: LOCALE, fields: ['id'] })) as Row[]).map((row) => row.documentId));
    for (const [index, seed] of english.entries()) {
      const row = rows.find((candidate) => candidate[key] === seed[key] && !translated.has(candidate.documentId));
      const text = nepali[index];
      if (!row || !text) continue;
      const saved = (await docs(uid).update({ documentId: row.documentId, locale: LOCALE, data: { ...text } })) as Row;
      translated.add(row.documentId);
      // A version carries its entry's date (as the REST contract's PUT ?locale=ne does).
      if (row.createdAt) await strapi.db.query(uid as never).update({ where: { id: saved.id }, data: { createdAt: row.createdAt } });
    }
  }
}
