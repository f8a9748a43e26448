import { createContext, useContext } from "react";
import { en, type MessageKey, type Messages } from "./messages.en";

export type { MessageKey, Messages };
export type Locale = "en";
export const DEFAULT_LOCALE: Locale = "en";

const catalogues: Record<Locale, Messages> = { en };

type Vars = Record<string, string | number>;

/** Fills `{name}` placeholders. Unknown placeholders stay visible so they get noticed. */
export function format(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function translator(locale: Locale = DEFAULT_LOCALE) {
  const messages = catalogues[locale];
  return (key: MessageKey, vars?: Vars) => format(messages[key], vars);
}

export type T = ReturnType<typeof translator>;

// The locale comes from the URL later (issue 7: /ne/...); until then it is always English.
const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const LocaleProvider = LocaleContext.Provider;

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): T {
  return translator(useLocale());
}
