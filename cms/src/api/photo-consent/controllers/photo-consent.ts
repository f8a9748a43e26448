import type { Context } from 'koa';
import { ContractError, reply, replyWithError } from '../../../contract/errors';
import { recordEvent, writerOf } from '../../../contract/review';
import { CONSENT_MESSAGES, consentProblems, type ConsentInput } from '../../../contract/shared/consent-rules';
import {
  CONSENT_UID,
  consentRowsOf,
  describePhoto,
  photoByName,
  photoNameOf,
  stateOf,
  today,
  type ConsentRow,
  type StoredPhoto,
} from '../../../consent/photos';
import { withdrawConsent } from '../../../consent/withdraw';

/** The most photos one batch read names (a post's cover and the photos in its text). */
const MAX_NAMES = 50;
const NAME = /^[A-Za-z0-9._-]{1,255}$/;

const handle = (action: (ctx: Context) => Promise<void>) => async (ctx: Context) => {
  try {
    await action(ctx);
  } catch (error) {
    if (error instanceof ContractError) return replyWithError(ctx, error);
    strapi.log.error(`[consent] ${(error as Error).stack ?? error}`);
    reply(ctx, 500, { message: 'Something went wrong' });
  }
};

/** The photo a route's `:name` names, with its consent row; 404 for a name that is not a stored photo. */
async function namedPhoto(ctx: Context): Promise<{ name: string; photo: StoredPhoto; row: ConsentRow | null }> {
  const name = String(ctx.params.name ?? '');
  const photo = NAME.test(name) && !name.startsWith('.') ? await photoByName(name) : null;
  if (!photo) throw new ContractError(404, CONSENT_MESSAGES.notFound);
  const row = (await consentRowsOf([photo.id])).get(photo.id) ?? null;
  return { name, photo, row };
}

const asBoolean = (value: unknown) => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : value);

export default {
  /** GET /api/consent/photos?names=a.jpg,b.jpg -> {photos}: the named photos' consent (unknown names left out). */
  findMany: handle(async (ctx) => {
    const raw = typeof ctx.query.names === 'string' ? ctx.query.names : '';
    const names = [...new Set(raw.split(',').map((name) => name.trim()))].filter((name) => NAME.test(name) && !name.startsWith('.'));
    if (names.length > MAX_NAMES) throw new ContractError(400, `At most ${MAX_NAMES} photos at once`);
    const photos = [];
    for (const name of names) {
      const photo = await photoByName(name);
      if (!photo) continue;
      const row = (await consentRowsOf([photo.id])).get(photo.id) ?? null;
      photos.push(await describePhoto(name, photo, row));
    }
    reply(ctx, 200, { photos });
  }),

  /** GET /api/consent/review -> {photos}: consents whose review date has passed or is near, soonest first. */
  dueForReview: handle(async (ctx) => {
    const soon = new Date();
    soon.setUTCDate(soon.getUTCDate() + 31);
    const rows = (await strapi.db.query(CONSENT_UID).findMany({
      where: { showsChildren: true, withdrawnAt: { $null: true }, reviewOn: { $lte: soon.toISOString().slice(0, 10) } },
      orderBy: [{ reviewOn: 'asc' }, { id: 'asc' }],
      limit: 100,
    })) as ConsentRow[];
    const files = (await strapi.db.query('plugin::upload.file').findMany({
      where: { id: { $in: rows.map((row) => row.fileId) } },
      select: ['id', 'url', 'formats'],
    })) as StoredPhoto[];
    const byId = new Map(files.map((file) => [file.id, file]));
    const photos = [];
    for (const row of rows) {
      const photo = byId.get(row.fileId);
      const state = stateOf(row);
      if (!photo || (state !== 'due' && state !== 'expired')) continue;
      photos.push(await describePhoto(photo.url.slice('/uploads/'.length), photo, row));
    }
    reply(ctx, 200, { photos });
  }),

  /** GET /api/consent/photos/:name */
  findOneByName: handle(async (ctx) => {
    const { name, photo, row } = await namedPhoto(ctx);
    reply(ctx, 200, await describePhoto(name, photo, row, writerOf(ctx).manager));
  }),

  /** PUT /api/consent/photos/:name {showsChildren, givenBy, givenOn, website, socialMedia, reviewOn, note} */
  record: handle(async (ctx) => {
    const { name, photo, row } = await namedPhoto(ctx);
    if (row?.withdrawnAt) throw new ContractError(409, CONSENT_MESSAGES.withdrawn);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const input = {
      ...body,
      showsChildren: asBoolean(body.showsChildren),
      website: asBoolean(body.website),
      socialMedia: asBoolean(body.socialMedia),
    } as Partial<Record<keyof ConsentInput, unknown>>;
    const problems = consentProblems(input, today());
    const first = Object.values(problems)[0];
    if (first)
      throw new ContractError(400, first, Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])));
    const writer = writerOf(ctx);
    const children = input.showsChildren === true;
    const note = typeof input.note === 'string' && input.note.trim() ? input.note.trim() : null;
    const data = {
      showsChildren: children,
      givenBy: children ? input.givenBy : null,
      givenOn: children ? input.givenOn : null,
      website: children && input.website === true,
      socialMedia: children && input.socialMedia === true,
      reviewOn: children ? input.reviewOn : null,
      note,
      recordedById: writer.id,
      recordedByName: writer.name.slice(0, 200),
    };
    const saved = (
      row
        ? await strapi.db.query(CONSENT_UID).update({ where: { id: row.id }, data })
        : await strapi.db.query(CONSENT_UID).create({ data: { fileId: photo.id, ...data } })
    ) as ConsentRow;
    // The row holds the consent as it is now; the record keeps each one given, for the history.
    const { recordedById: _id, recordedByName: _name, ...given } = data;
    await recordEvent({ kind: 'photo', entryId: photo.id, action: 'consented', photo: photoNameOf(photo), details: given }, writer);
    reply(ctx, 200, await describePhoto(name, photo, saved, writer.manager));
  }),

  /** POST /api/consent/photos/:name/withdraw (Managers): off the website everywhere, at once. */
  withdraw: handle(async (ctx) => {
    const { name, photo, row } = await namedPhoto(ctx);
    // Asked again, it finishes a withdrawal that was cut short (nothing else changes).
    const { row: saved, unpublished } = await withdrawConsent(photo, row, writerOf(ctx));
    reply(ctx, 200, { ...(await describePhoto(name, photo, saved, true)), unpublished });
  }),
};
