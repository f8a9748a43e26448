// Language fallback for the Nepali pages (issue 7, ADR 005). Strapi does not fall back between
// locales: a query for `ne` returns only the entries that have a Nepali version. Pages read both
// languages in one request and show the English version, marked `fallback`, where Nepali is missing.
import { addAdYears as addAdYearsImpl } from "../i18n/bs-date";

export const addAdYears = addAdYearsImpl;

/** A CMS row, or view, that may be shown in English on a Nepali page. */
export type Localized<T> = T & { fallback?: true };

/**
 * The English rows in their order (they decide what exists and how it is sorted), each with its
 * Nepali text where a Nepali version with the same numericId exists (`withText`), otherwise as it
 * is and marked `fallback`. Nepali rows without an English one are ignored: numericId is the
 * English row's id, so such a row cannot be linked to.
 */
export function mergeLocalized<E extends { numericId: number }, N extends { numericId: number }>(
  en: readonly E[],
  ne: readonly N[],
  withText: (row: E, text: N) => E,
): Localized<E>[] {
  const byId = new Map(ne.map((row) => [row.numericId, row]));
  return en.map((row) => {
    const text = byId.get(row.numericId);
    return text ? withText(row, text) : { ...row, fallback: true as const };
  });
}

/**
 * A single type (home, pages, site settings) on a Nepali page: its Nepali version, or the English
 * one marked `fallback`; null only when neither exists.
 */
export function pickLocalized<T extends object>(ne: T | null | undefined, en: T | null | undefined): Localized<T> | null {
  if (ne) return ne;
  return en ? { ...en, fallback: true as const } : null;
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
