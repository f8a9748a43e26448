import { DEFAULT_LOCALE, UNKNOWN_LOCALE_MESSAGE, isLocaleCode, type LocaleCode } from '../bootstrap/locales';
import type { ContractDefinition, Entry, TextField } from './definitions';

/**
 * Languages in the REST contract. An entry is its English version: ids are English
 * rows' ids, and files, author, name and dates are shared by all versions. A Nepali version
 * holds only the localised text fields (those marked `i18n.localized` in the schema).
 */
export const localeMessages = {
  unknown: UNKNOWN_LOCALE_MESSAGE,
  createEnglishFirst: 'Create the English version first (POST without locale), then add the Nepali text with PUT ?locale=ne on its id.',
  noTranslation: 'This entry has no Nepali version.',
} as const;

/** The request's `?locale`: en when absent; null when it is not a language of the site. */
export function requestedLocale(query: Record<string, unknown>): LocaleCode | null {
  const raw = query.locale;
  if (raw === undefined || raw === '') return DEFAULT_LOCALE;
  return isLocaleCode(raw) ? raw : null;
}

const attributesOf = (uid: string) =>
  (strapi.contentType(uid as never) as unknown as { attributes: Record<string, { pluginOptions?: { i18n?: { localized?: boolean } } }> })
    .attributes;

/** Attribute names that differ per language, read from the schema (one source of truth). */
export const localizedAttributes = (def: ContractDefinition): string[] =>
  Object.entries(attributesOf(def.uid))
    .filter(([, attribute]) => attribute.pluginOptions?.i18n?.localized === true)
    .map(([name]) => name);

/**
 * The form fields a Nepali version is made of (blog title/content, team local_name/role/bio,
 * gallery title/description).
 */
export const localizedTextFields = (def: ContractDefinition): TextField[] => {
  const localized = new Set(localizedAttributes(def));
  return [...(def.translationFields ?? []), ...def.textFields.filter((rule) => localized.has(rule.attribute))];
};

/** A translation's own optional fields as the contract answers them (null when empty). */
export const translationValues = (def: ContractDefinition, entry: Entry): Record<string, string | null> =>
  Object.fromEntries(
    (def.translationFields ?? []).map((rule) => {
      const value = entry[rule.attribute];
      return [rule.field, typeof value === 'string' && value.trim() ? value : null];
    }),
  );

/** The English entry with a translation's text laid over it: same id, files, author and dates. */
export function withTranslation(def: ContractDefinition, english: Entry, translation: Entry): Entry {
  const merged: Entry = { ...english };
  for (const name of localizedAttributes(def)) {
    if (name in translation) merged[name] = translation[name];
  }
  return merged;
}
