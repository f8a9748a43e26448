import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "./content/types";
import { type Locale, localeFromPath, LOCALES, localizePath, OG_LOCALE, translator } from "./i18n";

/** The public layout's route ids: English, and the same module under /ne (app/routes.ts). */
export const PUBLIC_LAYOUT_IDS = ["routes/public/layout", "ne/layout"];

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The site settings loaded by the public layout, as seen from a child route's meta(). */
export function siteFromMatches(matches: readonly MatchLike[]): SiteSettings | undefined {
  const layout = matches.find((m) => m !== undefined && PUBLIC_LAYOUT_IDS.includes(m.id));
  return (layout?.loaderData as { site?: SiteSettings } | undefined)?.site;
}

export interface SeoInput {
  site: SiteSettings | undefined;
  /** Page title without the site name; omit on the home page. */
  title?: string;
  description?: string;
  /** English path (and query, if it selects different content) of the page; the canonical URL
   * is this path in `locale`, and the page names both languages' versions as alternates. */
  path: string;
  /** The page's language (default English): `pageLocale(location)` in a meta function. */
  locale?: Locale;
  /** Absolute or root-relative image URL for link previews. */
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl}/`).toString();
}

/** Title, description, canonical URL, Open Graph and Twitter tags of one page. */
/** The language of the page a meta function describes (from its URL: /ne/... is Nepali). */
export function pageLocale(location: { pathname: string }): Locale {
  return localeFromPath(location.pathname);
}

/**
 * hreflang alternates of a page: each language's URL, and x-default (English) for
 * visitors in neither language. Every indexable public page carries them.
 */
export function alternateLinks(siteUrl: string, path: string): MetaDescriptor[] {
  return [
    ...LOCALES.map((lang) => ({ tagName: "link", rel: "alternate", hrefLang: lang, href: absoluteUrl(siteUrl, localizePath(path, lang)) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(siteUrl, localizePath(path, "en")) },
  ];
}

export function seo({ site, title, description, path, image, type = "website", noindex, locale = "en" }: SeoInput): MetaDescriptor[] {
  const siteName = site?.name ?? "";
  const fullTitle = title ? (siteName ? `${title} | ${siteName}` : title) : [siteName, site?.tagline].filter(Boolean).join(" – ");
  const desc = (description || site?.aboutText || "").slice(0, 300);
  const tags: MetaDescriptor[] = [{ title: fullTitle }];
  if (desc) tags.push({ name: "description", content: desc });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  if (site) {
    const url = absoluteUrl(site.siteUrl, localizePath(path, locale));
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:type", content: type },
      { property: "og:site_name", content: siteName },
      { property: "og:title", content: title ?? fullTitle },
      { property: "og:url", content: url },
      { property: "og:locale", content: OG_LOCALE[locale] },
      ...LOCALES.filter((l) => l !== locale).map((l) => ({ property: "og:locale:alternate", content: OG_LOCALE[l] })),
      { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    );
    if (desc) tags.push({ property: "og:description", content: desc });
    if (image) tags.push({ property: "og:image", content: absoluteUrl(site.siteUrl, image) });
    if (!noindex) tags.push(...alternateLinks(site.siteUrl, path));
    // The feed is English (its posts' Nepali versions are on the Nepali pages).
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: translator(locale)("blogs.rssTitle", { name: siteName }),
      href: absoluteUrl(site.siteUrl, "/blogs/rss.xml"),
    });
  }
  return tags;
}

/** schema.org description of the organisation (JSON-LD, an NGO). */
export function organizationJsonLd(site: SiteSettings, logo?: string | null): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "NGO",
    name: site.name,
    description: site.aboutText,
    url: `${site.siteUrl}/`,
    email: site.email,
    telephone: site.phone,
    address: { "@type": "PostalAddress", streetAddress: site.address, addressCountry: "NP" },
    ...(logo ? { logo: absoluteUrl(site.siteUrl, logo) } : {}),
    ...(site.socialUrl ? { sameAs: [site.socialUrl] } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so it cannot close the tag. */
export function jsonLdString(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
