// Language fallback for the Nepali pages (ADR 005), decided here and nowhere else. Strapi does not
// fall back between locales, so every page reads the English entries (they decide what exists, its
// id and its order) and, on Nepali pages, each one's Nepali version beside it: one query per page,
// whose `$ne` variable includes `ne: localizations(...) @include(if: $ne) { ...texts }`.
import { addAdYears as addAdYearsImpl } from "../i18n/bs-date";
import type { Locale } from "../i18n/paths";

export const addAdYears = addAdYearsImpl;

/** A CMS row, or view, that may be shown in English on a Nepali page. */
export type Localized<T> = T & { fallback?: true };

/**
 * A page's view function once per language, made at module level: cmsView keys its cache by the
 * function, so a page must hand it the same one every time.
 */
export function perLocale<D, V>(view: (data: D, locale: Locale) => V): Record<Locale, (data: D) => V> {
  return { en: (data) => view(data, "en"), ne: (data) => view(data, "ne") };
}

/** Variables of a page's query: whether to read the Nepali versions too. */
export const languageVariables = (locale: Locale) => ({ ne: locale === "ne" });

/** A single type's Nepali version, read beside the English one (there are only two locales). */
export const NEPALI = `ne: localizations @include(if: $ne)`;
/** An entry's Nepali version, read beside the English one. */
export const NEPALI_OF_ENTRY = `ne: localizations(filters: { locale: { eq: "ne" } }) @include(if: $ne)`;

export type WithNepali<T> = T & { ne?: (Partial<T> & { locale?: string | null })[] | null };

/**
 * An entry as a page in `locale` shows it: English pages the English entry; Nepali pages its Nepali
 * version's texts over it, or the English entry marked `fallback` when it has none. Null stays null.
 */
export function inLocale<T extends object>(row: WithNepali<T> | null | undefined, locale: Locale): Localized<T> | null {
  if (!row) return null;
  const { ne, ...english } = row;
  if (locale !== "ne") return english as unknown as T;
  const version = ne?.find((candidate) => !candidate.locale || candidate.locale === "ne");
  if (!version) return { ...(english as unknown as T), fallback: true as const };
  const { locale: _ignored, ...texts } = version;
  return { ...(english as unknown as T), ...(texts as Partial<T>) };
}

/** addAdYears applied to every string of a view (texts, sanitised HTML, alt texts). */
export function withAdYears<T>(value: T): T {
  if (typeof value === "string") return addAdYearsImpl(value) as T;
  if (Array.isArray(value)) return value.map(withAdYears) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, withAdYears(v)])) as T;
  }
  return value;
}
