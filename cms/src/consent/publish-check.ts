import { ContractError } from '../contract/errors';
import { CONSENT_MESSAGES, mayPublishPhoto } from '../contract/shared/consent-rules';
import { storedName } from '../media/stored-files';
import { uploadsInMarkdown } from '../media/post-body-uploads';
import { consentRowsOf, photoByName, stateOf } from './photos';

/**
 * A post goes in front of visitors only when every photo it shows may be: none that shows
 * children without a valid consent covering the website, none whose consent was withdrawn.
 * `files`: the stored URLs of its media fields (a cover, a gallery photo or video and its poster;
 * none for a new upload: nobody has marked it yet); `bodies`: the Markdown of every language
 * version as it will be after the save. 409 naming the photos otherwise; nothing is stored.
 */
export async function refusePhotosWithoutConsent(files: (string | null | undefined)[], bodies: unknown[]) {
  const names = new Set<string>();
  for (const file of files) {
    const name = storedName(file);
    if (name) names.add(name);
  }
  for (const body of bodies) for (const name of uploadsInMarkdown(body)) names.add(name);
  if (names.size === 0) return;

  const photos = new Map<string, number>();
  for (const name of names) {
    const photo = await photoByName(name);
    if (photo) photos.set(name, photo.id);
  }
  const rows = await consentRowsOf([...new Set(photos.values())]);
  const refused = [...photos].filter(([, fileId]) => !mayPublishPhoto(stateOf(rows.get(fileId) ?? null))).map(([name]) => name);
  if (refused.length > 0) {
    throw new ContractError(409, CONSENT_MESSAGES.missing, { status: [CONSENT_MESSAGES.missing] }, { photos: refused });
  }
}

/** The Markdown (`field`) of an entry's language versions other than `except`, as stored. */
export async function storedBodies(uid: string, field: string, documentId: string, except: string[]): Promise<unknown[]> {
  const rows = (await strapi.db.query(uid as never).findMany({
    where: { documentId, locale: { $notIn: except } },
    select: [field],
  })) as Record<string, unknown>[];
  return rows.map((row) => row[field]);
}
