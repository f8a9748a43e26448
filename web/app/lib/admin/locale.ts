import { ADMIN_LANGUAGES, isAdminLanguage, type AdminLanguage } from "@contract/account-rules";

/**
 * Which language an admin page is in, without the catalogues (the root layout asks on every
 * page, public ones included, and must not carry the admin's texts).
 */

export type AdminLocale = AdminLanguage;
export const ADMIN_LOCALES = ADMIN_LANGUAGES;
export const isAdminLocale = isAdminLanguage;

/**
 * The admin language a page's route data carries (the admin layout's and the login page's
 * loaders return `adminLocale`); null on pages outside the admin. For `meta` and the root's
 * `<html lang>`, which sit outside the provider.
 */
export function adminLocaleOf(matches: readonly unknown[]): AdminLocale | null {
  for (const match of matches) {
    const data = (match as { data?: unknown; loaderData?: unknown } | undefined) ?? {};
    const locale = ((data.loaderData ?? data.data) as { adminLocale?: unknown } | null | undefined)?.adminLocale;
    if (isAdminLocale(locale)) return locale;
  }
  return null;
}

/**
 * The language a visitor of the login page reads: `?lang=` when they chose one with the switch,
 * otherwise the first of the browser's languages the admin has.
 */
export function loginLocale(request: Request): AdminLocale {
  const chosen = new URL(request.url).searchParams.get("lang");
  if (isAdminLocale(chosen)) return chosen;
  const accepted = (request.headers.get("Accept-Language") ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { language } of accepted) if (isAdminLocale(language)) return language;
  return "en";
}

/**
 * A path of the pages before signing in (login, forgot and reset password) that keeps the
 * language chosen with the login page's switch (`?lang=`); without a choice, the browser's
 * languages decide on the next page too.
 */
export function withChosenLang(path: string, chosen: string | null | undefined): string {
  if (!isAdminLocale(chosen)) return path;
  return `${path}${path.includes("?") ? "&" : "?"}lang=${chosen}`;
}
