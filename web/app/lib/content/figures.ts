import type { Locale } from "../i18n/paths";
import { toDevanagariDigits } from "../i18n/digits";

/**
 * The home's figures inside page texts. A Manager writes `{children}` or `{capacity}` where a
 * text names them ("Today {children} children live with us"); every page shows the numbers of
 * the site settings in their place (Devanagari digits on Nepali pages), so changing the count
 * in the settings changes every page that mentions it. A placeholder whose figure is not set is
 * left as written, so the gap shows on the page instead of a wrong number.
 */

export interface Figures {
  childrenCount: number | null;
  capacity: number | null;
}

/** The placeholders, as Managers write them, with the setting each one shows. */
export const FIGURE_PLACEHOLDERS = { children: "childrenCount", capacity: "capacity" } as const satisfies Record<string, keyof Figures>;

const PLACEHOLDER = /\{(children|capacity)\}/g;

/** One text with its placeholders filled in. */
export function fillFigures(text: string, figures: Figures, locale: Locale): string {
  if (!text.includes("{")) return text;
  return text.replace(PLACEHOLDER, (written, name: keyof typeof FIGURE_PLACEHOLDERS) => {
    const value = figures[FIGURE_PLACEHOLDERS[name]];
    if (value === null || value === undefined) return written;
    return locale === "ne" ? toDevanagariDigits(value) : String(value);
  });
}

/** Every text of a page's view (its HTML and plain strings, at any depth) with the figures filled in. */
export function withFigures<T>(view: T, figures: Figures, locale: Locale): T {
  const fill = (value: unknown): unknown => {
    if (typeof value === "string") return fillFigures(value, figures, locale);
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    }
    return value;
  };
  return fill(view) as T;
}
