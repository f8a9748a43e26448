import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { DEFAULT_LOCALE, type LocaleCode } from '../bootstrap/locales';
import type { ContractDefinition, Entry, MediaFile } from './definitions';
import { lastEdit } from './editors';
import { ContractError } from './errors';
import { localizedTextFields } from './locale';
import { postStatusOf } from './shared/post-status';

/**
 * Which version of an entry a client has read, so that a save made from an old copy is refused
 * instead of silently overwriting a colleague's edit. A version is a digest of exactly what a
 * form of that language writes: for English, every text field, the date and the files; for
 * another language, that language's own texts. An edit to the other language (or to a field the
 * form does not write) therefore never refuses a save, and nothing a colleague wrote can be lost.
 *
 * Reads answer it as an `ETag`; a write that sends it back as `If-Match` is refused with 409 when
 * the entry has changed since. A write without `If-Match` behaves as the contract always has
 * (the spec's clients do not send it).
 */

const stable = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && 'id' in value) return (value as MediaFile).id;
  return value ?? null;
};

/** The attributes a form of `locale` writes, with the values stored now. */
function writtenValues(def: ContractDefinition, entry: Entry | undefined, locale: LocaleCode) {
  if (locale !== DEFAULT_LOCALE) return localizedTextFields(def).map((rule) => stable(entry?.[rule.attribute]));
  const attributes = [
    ...def.textFields.map((rule) => rule.attribute),
    ...(def.dateField ? [def.dateField.attribute] : []),
    def.fileField,
    ...(def.optionalImageFields ?? []),
  ];
  const values = attributes.map((attribute) => stable(entry?.[attribute]));
  // Publishing or unpublishing is an edit too: a save as draft never silently takes back a colleague's publishing.
  return def.drafts ? [...values, entry ? postStatusOf(entry.publication) : null] : values;
}

/** The version of what a form of `locale` writes, given the values stored now in form order. */
export const digestOf = (locale: LocaleCode, values: unknown[]): string =>
  createHash('sha256')
    .update(JSON.stringify([locale, values]))
    .digest('base64url')
    .slice(0, 22);

/** The entry's version in `locale` (`version` is the English entry for `en`, else that language's row, if any). */
export const versionOf = (def: ContractDefinition, version: Entry | undefined, locale: LocaleCode): string =>
  digestOf(locale, writtenValues(def, version, locale));

const quoted = (version: string) => `"${version}"`;

export const setVersionHeader = (ctx: Context, version: string) => ctx.set('ETag', quoted(version));

/** The versions an `If-Match` header names (weak or strong), or null when it names none. */
function expectedVersions(ctx: Context): string[] | null {
  const header = ctx.get('If-Match').trim();
  if (!header || header === '*') return null;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .filter(Boolean);
}

export const conflictMessage =
  'Someone else changed this entry after you opened it. Nothing was saved: read it again and reapply your changes.';

/**
 * Refuses (409) a write whose `If-Match` names a version other than the stored one. The answer
 * says who changed the entry and when, and carries the stored version (`current`, as a read
 * answers it) and its `version`, so the client can show both and save again on purpose.
 */
export function refuseStaleWrite(
  ctx: Context,
  def: ContractDefinition,
  stored: { english: Entry; version: Entry | undefined; locale: LocaleCode; answer: () => object },
) {
  refuseUnlessCurrent(ctx, { version: versionOf(def, stored.version, stored.locale), english: stored.english, answer: stored.answer });
}

/** The same refusal for anything versioned by `digestOf` (the site settings). */
export function refuseUnlessCurrent(ctx: Context, stored: { version: string; english: Entry; answer: () => object }) {
  const expected = expectedVersions(ctx);
  if (!expected) return;
  const { version } = stored;
  if (expected.includes(version)) return;
  ctx.set('ETag', quoted(version));
  throw new ContractError(
    409,
    conflictMessage,
    { version: [conflictMessage] },
    { ...lastEdit(stored.english), version, current: stored.answer() },
  );
}

/**
 * Runs a checked write alone: on PostgreSQL the English row stays locked from the check until the
 * write commits, so two processes cannot both pass the check with the same version. SQLite runs
 * one write transaction at a time by itself.
 */
export async function whileLocked<T>(def: Pick<ContractDefinition, 'uid'>, englishId: number, write: () => Promise<T>): Promise<T> {
  return (await strapi.db.transaction(async ({ trx }) => {
    if ((strapi.db.dialect as { client?: string }).client === 'postgres') {
      const { tableName } = strapi.db.metadata.get(def.uid as never) as { tableName: string };
      await trx(tableName).where({ id: englishId }).forUpdate().select('id');
    }
    return write();
  })) as T;
}
