import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "./content/types";
import { translator } from "./i18n";

export const PUBLIC_LAYOUT_ID = "routes/public/layout";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The site settings loaded by the public layout, as seen from a child route's meta(). */
export function siteFromMatches(matches: readonly MatchLike[]): SiteSettings | undefined {
  const layout = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID);
  return (layout?.loaderData as { site?: SiteSettings } | undefined)?.site;
}

export interface SeoInput {
  site: SiteSettings | undefined;
  /** Page title without the site name; omit on the home page. */
  title?: string;
  description?: string;
  /** Path (and query, if it selects different content) of the canonical URL. */
  path: string;
  /** Absolute or root-relative image URL for link previews. */
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl}/`).toString();
}

/** Title, description, canonical URL, Open Graph and Twitter tags of one page. */
export function seo({ site, title, description, path, image, type = "website", noindex }: SeoInput): MetaDescriptor[] {
  const siteName = site?.name ?? "";
  const fullTitle = title ? (siteName ? `${title} | ${siteName}` : title) : [siteName, site?.tagline].filter(Boolean).join(" – ");
  const desc = (description || site?.aboutText || "").slice(0, 300);
  const tags: MetaDescriptor[] = [{ title: fullTitle }];
  if (desc) tags.push({ name: "description", content: desc });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  if (site) {
    const url = absoluteUrl(site.siteUrl, path);
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:type", content: type },
      { property: "og:site_name", content: siteName },
      { property: "og:title", content: title ?? fullTitle },
      { property: "og:url", content: url },
      { property: "og:locale", content: "en_GB" },
      { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    );
    if (desc) tags.push({ property: "og:description", content: desc });
    if (image) tags.push({ property: "og:image", content: absoluteUrl(site.siteUrl, image) });
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: translator()("blogs.rssTitle", { name: siteName }),
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
