import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { lastEdit } from '../../../contract/editors';
import { ContractError, refuseInvalid, type FieldErrors } from '../../../contract/errors';
import { localeMessages, requestedLocale } from '../../../contract/locale';
import {
  childrenProblem,
  LOCALIZED_SETTINGS,
  SETTING_NAMES,
  SETTINGS_RULES,
  settingProblem,
  type SettingName,
} from '../../../contract/shared/settings-rules';
import { digestOf, refuseUnlessCurrent, setVersionHeader, whileLocked } from '../../../contract/versions';

const UID = 'api::site-setting.site-setting';

type Row = Record<string, unknown> & { id: number; documentId: string };

export const settingsMessages = {
  unknownField: 'This field cannot be changed here.',
  notSeeded: 'The site settings do not exist yet: start the CMS once so it loads them.',
  notAnObject: 'Send the settings as a JSON object.',
} as const;

/** A setting as the contract answers it: text, a count, or null when empty. */
function valueOf(name: SettingName, row: Row | null): string | number | null {
  const value = row?.[name];
  if (value === undefined || value === null || value === '') return null;
  return SETTINGS_RULES[name].kind === 'count' ? Number(value) : String(value);
}

/** The values to store: trimmed text, counts as numbers, empty as null. */
function toData(names: readonly SettingName[], body: Record<string, unknown>) {
  return Object.fromEntries(
    names.map((name) => {
      const raw = body[name];
      const value = raw === undefined || raw === null ? '' : String(raw).trim();
      if (!value) return [name, null];
      return [name, SETTINGS_RULES[name].kind === 'count' ? Number(value) : value];
    }),
  );
}

type FormLocale = 'en' | 'ne';

/** The settings a form of `locale` writes: English every one, Nepali the translated ones. */
const formNames = (locale: FormLocale) => (locale === 'en' ? SETTING_NAMES : LOCALIZED_SETTINGS);

/** One language's form as the contract answers it (null for a Nepali version that does not exist yet). */
const formValues = (locale: FormLocale, row: Row | null) => Object.fromEntries(formNames(locale).map((name) => [name, valueOf(name, row)]));

/**
 * The version of one language's form: a digest of the values it writes, as the content kinds'
 * versions are, so a save from an old copy is refused (409) whoever changed the row and however
 * (the console writes the same row), and an edit of the other language never refuses it.
 */
const versionOfForm = (locale: FormLocale, row: Row | null) =>
  digestOf(
    locale,
    formNames(locale).map((name) => valueOf(name, row)),
  );

const storedRows = async () => {
  const english = (await strapi.documents(UID).findFirst({ locale: 'en' })) as Row | null;
  if (!english) throw new ContractError(404, settingsMessages.notSeeded);
  const nepali = (await strapi.documents(UID).findFirst({ locale: 'ne' })) as Row | null;
  return { english, nepali };
};

const answerOf = ({ english, nepali }: { english: Row; nepali: Row | null }) => ({
  en: formValues('en', english),
  ne: nepali ? formValues('ne', nepali) : null,
  ...lastEdit(english),
  versions: { en: versionOfForm('en', english), ne: versionOfForm('ne', nepali) },
});

/**
 * The home's own details for the staff admin (GET/PUT /api/settings, Managers only): the single
 * type Strapi's console edits too, so both work on the same row. Writes go through the document
 * service, whose middlewares record who edited it and tell the web app to drop its copies.
 * Each language's form has its own version (`versions` in the answer); a write that names
 * another one in `If-Match` is refused with 409, the stored values and who changed them.
 */
export const staffSettings = {
  async readForStaff() {
    return answerOf(await storedRows());
  },

  /** PUT ?locale=en: every setting; ?locale=ne: the translated ones (the others are shared with English). */
  async writeForStaff(ctx: Context) {
    const locale = requestedLocale(ctx.query) as FormLocale | null;
    if (!locale) throw new ContractError(400, localeMessages.unknown, { locale: [localeMessages.unknown] });
    const body: unknown = ctx.request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ContractError(400, settingsMessages.notAnObject);
    const values = body as Record<string, unknown>;
    const names = formNames(locale);
    const errors: FieldErrors = {};
    for (const key of Object.keys(values)) {
      if (!(names as readonly string[]).includes(key)) errors[key] = [settingsMessages.unknownField];
    }
    for (const name of names) {
      const problem = settingProblem(name, values[name]);
      if (problem) errors[name] = [problem];
    }
    if (locale === 'en' && !errors.childrenCount && !errors.capacity) {
      const problem = childrenProblem(values);
      if (problem) errors.childrenCount = [problem];
    }
    refuseInvalid(errors);
    const { english } = await storedRows();
    await whileLocked({ uid: UID }, english.id, async () => {
      const stored = await storedRows();
      const row = locale === 'en' ? stored.english : stored.nepali;
      refuseUnlessCurrent(ctx, {
        version: versionOfForm(locale, row),
        english: stored.english,
        answer: () => formValues(locale, row),
      });
      // Strapi creates the Nepali version when there is none, copying the shared fields.
      await strapi.documents(UID).update({ documentId: english.documentId, locale, data: toData(names, values) as never });
    });
    const answer = answerOf(await storedRows());
    setVersionHeader(ctx, answer.versions[locale]);
    return answer;
  },
};

export default factories.createCoreService(UID, () => staffSettings);
