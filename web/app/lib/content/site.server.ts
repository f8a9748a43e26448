import { CmsError, type CmsQueryOptions, cmsView } from "../cms.server";
import { env } from "../env.server";
import type { Locale } from "../i18n/paths";
import { inLocale, languageVariables, NEPALI, perLocale, type WithNepali, withAdYears } from "./localize";
import type { SiteSettings } from "./types";

const SITE_FIELDS = `
      name
      tagline
      aboutText
      address
      phone
      email
      socialUrl
      socialLabel
      mapEmbedUrl
      mapLabel
`;

const SITE_QUERY = /* GraphQL */ `
  query SiteSettings($ne: Boolean!) {
    siteSetting(locale: "en") { ${SITE_FIELDS} ${NEPALI} { locale ${SITE_FIELDS} } }
  }
`;

interface SiteQueryResult {
  siteSetting: WithNepali<{
    name: string;
    tagline: string | null;
    aboutText: string;
    address: string;
    phone: string;
    email: string;
    socialUrl: string | null;
    socialLabel: string | null;
    mapEmbedUrl: string | null;
    mapLabel: string | null;
  }> | null;
}

/** Header, footer and SEO data shared by every public page, in the page's language. */
export async function getSiteSettings(locale: Locale, options?: CmsQueryOptions): Promise<SiteSettings> {
  return cmsView(SITE_QUERY, languageVariables(locale), SITE_VIEW[locale], options);
}

const SITE_VIEW = perLocale(toSiteSettings);

function toSiteSettings({ siteSetting }: SiteQueryResult, locale: Locale): SiteSettings {
  const s = inLocale(siteSetting, locale);
  if (!s) throw new CmsError("missing-content", "siteSetting is empty: has the CMS been seeded?");
  return withAdYears({
    ...(s.fallback ? { fallback: true as const } : {}),
    name: s.name,
    tagline: s.tagline ?? "",
    aboutText: s.aboutText,
    address: s.address,
    phone: s.phone,
    phoneHref: telHref(s.phone),
    email: s.email,
    socialUrl: safeHttpUrl(s.socialUrl),
    socialLabel: s.socialLabel ?? "",
    mapEmbedUrl: safeHttpUrl(s.mapEmbedUrl),
    mapUrl: mapPageUrl(safeHttpUrl(s.mapEmbedUrl)),
    // The map's own accessible name; without one the contact page names it by the address.
    mapLabel: s.mapLabel?.trim() || null,
    siteUrl: env.PUBLIC_SITE_URL,
  });
}

/** tel: URIs take digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** Links from the CMS must be http(s): a javascript: URL would run on click. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** A full-page map for "open in a new tab": OpenStreetMap's embed URL carries a bbox. */
export function mapPageUrl(embedUrl: string | null): string | null {
  if (!embedUrl) return null;
  const url = new URL(embedUrl);
  const bbox = url.searchParams.get("bbox")?.split(",").map(Number);
  if (url.hostname.endsWith("openstreetmap.org") && bbox?.length === 4 && bbox.every(Number.isFinite)) {
    const [west, south, east, north] = bbox as [number, number, number, number];
    const lat = ((south + north) / 2).toFixed(5);
    const lon = ((west + east) / 2).toFixed(5);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
  }
  return embedUrl;
}
