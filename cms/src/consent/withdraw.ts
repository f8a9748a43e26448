import { notifyContentChange, notifyContentChangeLater } from '../content-change-notifier';
import { contractDefinitions } from '../contract/definitions';
import { recordEvent, recordStatusChange, type Writer } from '../contract/review';
import { isPublicPost } from '../contract/shared/post-status';
import { CONSENT_UID, photoNameOf, type ConsentRow, type PhotoUse, type StoredPhoto, usesOf } from './photos';
import { forgetWithheldPhotos, WITHHELD_FRESH_MS } from './withheld';

/**
 * A Manager withdraws a photo's consent: from now on no public answer links it and /uploads does
 * not serve it (consent/withheld.ts), every published post that shows it (as its cover or in its
 * text) and every gallery image or video that is it goes back to a draft, and the web is told at
 * once to drop its pages and resized copies. A team member stays on the team page without the
 * photo: the person is still on the team. The photo and the record stay for the record; the
 * withdrawal is recorded against the photo and against every entry that shows it.
 */
export async function withdrawConsent(photo: StoredPhoto, existing: ConsentRow | null, writer: Writer) {
  const name = photoNameOf(photo);
  const first = !existing?.withdrawnAt;
  let row = existing as ConsentRow;
  if (first) {
    const withdrawal = { withdrawnAt: new Date(), withdrawnById: writer.id, withdrawnByName: writer.name.slice(0, 200) };
    row = (
      existing
        ? await strapi.db.query(CONSENT_UID).update({ where: { id: existing.id }, data: withdrawal })
        : await strapi.db.query(CONSENT_UID).create({ data: { fileId: photo.id, showsChildren: true, ...withdrawal } })
    ) as ConsentRow;
    forgetWithheldPhotos();
    await recorded(() => recordEvent({ kind: 'photo', entryId: photo.id, action: 'withdrawn', photo: name }, writer));
  }

  // Asked again (a withdrawal cut short), this takes down what is still published.
  const unpublished: PhotoUse[] = [];
  for (const use of await usesOf(photo)) {
    // Each entry's own record says the photo's consent was withdrawn, whether or not it was public.
    if (first)
      await recorded(() => recordEvent({ kind: use.kind, entryId: use.id, action: 'withdrawn', title: use.title, photo: name }, writer));
    const def = contractDefinitions.find((candidate) => candidate.path === use.kind);
    if (!def?.drafts || use.kind === 'team-member') continue;
    const stored = (await strapi.db.query(def.uid as never).findOne({ where: { id: use.id }, select: ['documentId', 'publication'] })) as {
      documentId: string;
      publication: unknown;
    } | null;
    if (!stored || !isPublicPost(stored.publication)) continue;
    const entry = await strapi
      .documents(def.uid as never)
      .update({ documentId: stored.documentId, locale: 'en', data: { publication: 'draft' } } as never);
    await recordStatusChange(def, entry as never, 'published', writer);
    unpublished.push(use);
  }
  // Pages, feeds and the web's resized copies of the photo go now, not when their caches expire.
  await notifyContentChange('plugin::upload.file', 'update');
  // Told again once every other CMS process has read the withdrawal (each reads it at most
  // WITHHELD_FRESH_MS late): a page the web read again meanwhile from one of them is read again.
  notifyContentChangeLater(WITHHELD_FRESH_MS + 100, 'plugin::upload.file', 'update');
  return { row, unpublished };
}

/** A line of the record that cannot be written is logged; it never stops the photo coming down. */
async function recorded(write: () => Promise<void>) {
  try {
    await write();
  } catch (error) {
    strapi.log.error(`[consent] could not record a withdrawal: ${(error as Error).stack ?? error}`);
  }
}
