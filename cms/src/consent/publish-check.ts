import { ContractError } from '../contract/errors';
import { CONSENT_MESSAGES, mayPublishPhoto } from '../contract/shared/consent-rules';
import { storedName } from '../media/stored-files';
import { uploadsInMarkdown } from '../media/post-body-uploads';
import { consentRowsOf, photoByName, stateOf } from './photos';

/**
 * A post goes in front of visitors only when every photo it shows may be: none that shows
 * children without a valid consent covering the website, none whose consent was withdrawn.
 * `cover`: the cover's stored URL (none for a new upload: nobody has marked it yet);
 * `bodies`: the Markdown of every language version as it will be after the save.
 * 409 naming the photos otherwise; nothing is stored.
 */
export async function refusePhotosWithoutConsent(cover: string | null | undefined, bodies: unknown[]) {
  const names = new Set<string>();
  const coverName = storedName(cover);
  if (coverName) names.add(coverName);
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

/** The post bodies of an entry's language versions other than `except`, as stored. */
export async function storedBodies(uid: string, documentId: string, except: string[]): Promise<unknown[]> {
  const rows = (await strapi.db.query(uid as never).findMany({
    where: { documentId, locale: { $notIn: except } },
    select: ['content'],
  })) as { content: unknown }[];
  return rows.map((row) => row.content);
}
