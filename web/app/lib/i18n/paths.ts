// No React here: server code, the sitemap and app/enhance/ use these too.

/** The site's languages (ADR 005): English at the spec's paths, Nepali under /ne. */
export const LOCALES = ["en", "ne"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** BCP 47 tags for hreflang and Open Graph. */
export const OG_LOCALE: Record<Locale, string> = { en: "en_GB", ne: "ne_NP" };

const NE_PREFIX = /^\/ne(?=[/?#]|$)/;

/** The language of a page, from its path: /ne and /ne/... are Nepali, everything else English. */
export function localeFromPath(pathname: string): Locale {
  return NE_PREFIX.test(pathname) ? "ne" : "en";
}

/** The English (unprefixed) path of a page: /ne/blogs -> /blogs, /ne -> /. */
export function basePath(pathname: string): string {
  if (!NE_PREFIX.test(pathname)) return pathname;
  const rest = pathname.replace(NE_PREFIX, "");
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/**
 * A site path (with any ?query or #hash) in the given language: /blogs -> /ne/blogs, / -> /ne,
 * /?tab=x -> /ne?tab=x. Paths that do not start with "/" (relative, "#top", "?tab=") are returned
 * as they are: they stay in the page's own language by themselves.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const base = basePath(path);
  if (locale === "en") return base;
  return base === "/" || base.startsWith("/?") || base.startsWith("/#") ? `/ne${base.slice(1)}` : `/ne${base}`;
}
