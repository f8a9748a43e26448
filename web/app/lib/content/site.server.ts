import { CmsError, type CmsQueryOptions, cmsView } from "../cms.server";
import { env } from "../env.server";
import type { Locale } from "../i18n/paths";
import { type Localized, pickLocalized, withAdYears } from "./localize";
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
  query SiteSettings {
    siteSetting { ${SITE_FIELDS} }
  }
`;

// Nepali pages: the Nepali version, or the English one when there is none (ADR 005).
const SITE_QUERY_NE = /* GraphQL */ `
  query SiteSettingsNe {
    ne: siteSetting(locale: "ne") { ${SITE_FIELDS} }
    en: siteSetting(locale: "en") { ${SITE_FIELDS} }
  }
`;

type SiteRow = NonNullable<SiteQueryResult["siteSetting"]>;

interface SiteQueryResult {
  siteSetting: Localized<{
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
  if (locale === "ne") return cmsView(SITE_QUERY_NE, undefined, toSiteSettingsNe, options);
  return cmsView(SITE_QUERY, undefined, toSiteSettings, options);
}

function toSiteSettingsNe({ ne, en }: { ne: SiteRow | null; en: SiteRow | null }): SiteSettings {
  return toSiteSettings({ siteSetting: pickLocalized(ne, en) });
}

function toSiteSettings({ siteSetting: s }: SiteQueryResult): SiteSettings {
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
