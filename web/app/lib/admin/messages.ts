import { createContext, useContext, useMemo } from "react";
import { format } from "~/lib/i18n";
import { toDevanagariDigits } from "~/lib/i18n/digits";
import type { AdminLocale } from "./locale";
import { adminEn, type AdminMessageKey, type AdminMessages } from "./messages.en";
import { adminNe } from "./messages.ne";

/**
 * The staff admin's texts in the language each person chose on My account (stored with their
 * account in the CMS). One catalogue per language (messages.en.ts, messages.ne.ts); components
 * read theirs with `useAt()`, server code with `adminTranslator(staff.locale)`.
 */

export { adminEn, adminNe, type AdminMessageKey, type AdminMessages };
export { ADMIN_LOCALES, adminLocaleOf, isAdminLocale, loginLocale, withChosenLang, type AdminLocale } from "./locale";

const catalogues: Record<AdminLocale, AdminMessages> = { en: adminEn, ne: adminNe };

type Vars = Record<string, string | number>;

/** `at(key, vars)` of one language, plus what every screen needs to write in it. */
export interface AdminT {
  (key: AdminMessageKey, vars?: Vars): string;
  readonly locale: AdminLocale;
  /** One of the CMS's form messages (the spec's English) in this language; anything else as it is. */
  contract(message: string): string;
  /** A number as this language writes it (Devanagari digits in Nepali). */
  number(value: number | string): string;
  /** Names as a sentence lists them: "Name, Joined At and Photo" / "नाम, ... र तस्बिर". */
  list(names: string[]): string;
}

const translators = new Map<AdminLocale, AdminT>();

/**
 * The translator of one language. In Nepali, numbers passed as numbers (counts, sizes, pages)
 * are written in Devanagari digits; strings (an e-mail, a search as typed) stay as they are.
 */
export function adminTranslator(locale: AdminLocale = "en"): AdminT {
  const cached = translators.get(locale);
  if (cached) return cached;
  const messages = catalogues[locale];
  const number = (value: number | string) => (locale === "ne" ? toDevanagariDigits(value) : String(value));
  const t = ((key: AdminMessageKey, vars?: Vars) => {
    const filled =
      vars && locale !== "en"
        ? Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, typeof value === "number" ? number(value) : value]))
        : vars;
    return format(messages[key], filled);
  }) as AdminT;
  Object.assign(t, {
    locale,
    number,
    list: (names: string[]) => listOf(names, locale),
    contract: (message: string) => (locale === "en" ? message : localizeContract(message, t)),
  });
  translators.set(locale, t);
  return t;
}

/**
 * "Name, Joined At and Photo" / "नाम, परिचय र तस्बिर". Written out rather than asked of
 * Intl.ListFormat: browsers ship different CLDR data (or none for `ne`), and server and browser
 * must render the same text.
 */
function listOf(names: string[], locale: AdminLocale): string {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${locale === "ne" ? "र" : "and"} ${names.at(-1)}`;
}

// ── The CMS's messages in the admin's language ─────────────────────────────────────────

interface ContractPattern {
  key: AdminMessageKey;
  pattern: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The English contract texts as patterns: "{label} must be at most {max} characters." -> its parts. */
const CONTRACT_PATTERNS: ContractPattern[] = (Object.keys(adminEn) as AdminMessageKey[])
  .filter((key) => key.startsWith("contract.") && !key.startsWith("contract.label."))
  .map((key) => {
    const names: string[] = [];
    const source = adminEn[key]
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    return { key, pattern: new RegExp(`^${source}$`), names };
  });

function localizeContract(message: string, t: AdminT): string {
  for (const { key, pattern, names } of CONTRACT_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const vars: Vars = {};
    names.forEach((name, index) => {
      const value = match[index + 1]!;
      const label = `contract.label.${value}` as AdminMessageKey;
      vars[name] = /^\d+$/.test(value) ? Number(value) : label in adminEn ? t(label) : value;
    });
    return t(key, vars);
  }
  return message;
}

// ── The language of the page being shown ──────────────────────────────────────────────

// The admin layout provides the signed-in person's language, the login page the browser's.
const AdminLocaleContext = createContext<AdminLocale>("en");
export const AdminLocaleProvider = AdminLocaleContext.Provider;

export function useAdminLocale(): AdminLocale {
  return useContext(AdminLocaleContext);
}

/** The translator of the admin page being shown. */
export function useAt(): AdminT {
  const locale = useAdminLocale();
  return useMemo(() => adminTranslator(locale), [locale]);
}
