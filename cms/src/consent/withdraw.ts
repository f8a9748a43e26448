import { notifyContentChange } from '../content-change-notifier';
import { contractDefinitions } from '../contract/definitions';
import { recordStatusChange, type Writer } from '../contract/review';
import { isPublicPost } from '../contract/shared/post-status';
import { CONSENT_UID, type ConsentRow, type PhotoUse, type StoredPhoto, usesOf } from './photos';
import { forgetWithheldPhotos } from './withheld';

const EVENT_UID = 'api::publication-event.publication-event';

/**
 * A Manager withdraws a photo's consent: from now on no public answer links it and /uploads does
 * not serve it (consent/withheld.ts), every published post that shows it (as its cover or in its
 * text) and every gallery image or video that is it goes back to a draft, and the web is told at
 * once to drop its pages and resized copies. A team member stays on the team page without the
 * photo: the person is still on the team. The photo and the record stay for the record; the
 * withdrawal is recorded against the photo and each entry taken down.
 */
export async function withdrawConsent(photo: StoredPhoto, existing: ConsentRow | null, writer: Writer) {
  const withdrawal = { withdrawnAt: new Date(), withdrawnById: writer.id, withdrawnByName: writer.name.slice(0, 200) };
  const row = (
    existing
      ? await strapi.db.query(CONSENT_UID).update({ where: { id: existing.id }, data: withdrawal })
      : await strapi.db.query(CONSENT_UID).create({ data: { fileId: photo.id, showsChildren: true, ...withdrawal } })
  ) as ConsentRow;
  forgetWithheldPhotos();
  await strapi.db.query(EVENT_UID).create({
    data: {
      kind: 'photo',
      entryId: photo.id,
      action: 'withdrawn',
      byId: writer.id,
      byName: withdrawal.withdrawnByName,
      title: photo.url.slice(0, 300),
    },
  });

  const unpublished: PhotoUse[] = [];
  for (const use of await usesOf(photo)) {
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
  return { row, unpublished };
}
