import { factories } from '@strapi/strapi';
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

/**
 * The home's own details for the staff admin (GET/PUT /api/settings, Managers only): the single
 * type Strapi's console edits too, so both work on the same row. Writes go through the document
 * service, whose middlewares record who edited it and tell the web app to drop its copies.
 */
export const staffSettings = {
  async readForStaff() {
    const english = (await strapi.documents(UID).findFirst({ locale: 'en' })) as Row | null;
    if (!english) throw new ContractError(404, settingsMessages.notSeeded);
    const nepali = (await strapi.documents(UID).findFirst({ locale: 'ne' })) as Row | null;
    return {
      en: Object.fromEntries(SETTING_NAMES.map((name) => [name, valueOf(name, english)])),
      ne: nepali ? Object.fromEntries(LOCALIZED_SETTINGS.map((name) => [name, valueOf(name, nepali)])) : null,
      ...lastEdit(english),
    };
  },

  /** PUT ?locale=en: every setting; ?locale=ne: the translated ones (the others are shared with English). */
  async writeForStaff(query: Record<string, unknown>, body: unknown) {
    const locale = requestedLocale(query);
    if (!locale) throw new ContractError(400, localeMessages.unknown, { locale: [localeMessages.unknown] });
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ContractError(400, settingsMessages.notAnObject);
    const values = body as Record<string, unknown>;
    const names = locale === 'en' ? SETTING_NAMES : LOCALIZED_SETTINGS;
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
    const english = (await strapi.documents(UID).findFirst({ locale: 'en' })) as Row | null;
    if (!english) throw new ContractError(404, settingsMessages.notSeeded);
    // Strapi creates the Nepali version when there is none, copying the shared fields.
    await strapi.documents(UID).update({ documentId: english.documentId, locale, data: toData(names, values) as never });
    return staffSettings.readForStaff();
  },
};

export default factories.createCoreService(UID, () => staffSettings);
