import { createContext, useContext } from "react";
import { toDevanagariDigits } from "./digits";
import { en, type MessageKey, type Messages } from "./messages.en";
import { ne } from "./messages.ne";
import { DEFAULT_LOCALE, type Locale, localizePath } from "./paths";

export type { MessageKey, Messages };
export { basePath, DEFAULT_LOCALE, LOCALES, type Locale, localeFromPath, localizePath, OG_LOCALE } from "./paths";

const catalogues: Record<Locale, Messages> = { en, ne };

type Vars = Record<string, string | number>;

/** Fills `{name}` placeholders. Unknown placeholders stay visible so they get noticed. */
export function format(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A number as the page's language writes it: Devanagari digits on Nepali pages (ADR 005). */
export function formatNumber(value: number | string, locale: Locale): string {
  return locale === "ne" ? toDevanagariDigits(value) : String(value);
}

/**
 * `t(key, vars)` of one language. On Nepali pages, numbers passed as numbers (years, amounts,
 * slide counts) are written in Devanagari digits; strings (a phone number, an e-mail) stay as
 * they are, because links and people copying them need them unchanged.
 */
export function translator(locale: Locale = DEFAULT_LOCALE) {
  const messages = catalogues[locale];
  return (key: MessageKey, vars?: Vars) => {
    if (vars && locale !== "en") {
      vars = Object.fromEntries(
        Object.entries(vars).map(([name, value]) => [name, typeof value === "number" ? formatNumber(value, locale) : value]),
      );
    }
    return format(messages[key], vars);
  };
}

export type T = ReturnType<typeof translator>;

// root.tsx provides the locale of the requested URL (app/lib/i18n/paths.ts: /ne/... is Nepali).
const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const LocaleProvider = LocaleContext.Provider;

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): T {
  return translator(useLocale());
}

/** `href(path)`: a site path in the current page's language (/blogs -> /ne/blogs on Nepali pages). */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
