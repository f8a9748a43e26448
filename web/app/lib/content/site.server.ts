import { CmsError, type CmsQueryOptions, cmsView } from "../cms.server";
import { env } from "../env.server";
import type { Locale } from "../i18n/paths";
import { inLocale, languageVariables, NEPALI, NEPALI_OF_ENTRY, perLocale, type WithNepali, withAdYears } from "./localize";
import { type CmsFile, FILE_FIELDS, toImage } from "./media";
import type { SiteSettings, WayToGiveView } from "./types";
import { fillFigures } from "./figures";

/** More would not fit a dialog; a home has a handful at most. */
const MAX_WAYS_TO_GIVE = 20;

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
      childrenCount
      capacity
      registrationOffice
      registrationNumber
      panNumber
      partnerName
`;

const GIVING_FIELDS = `
      name
      instructions
      bankName
      accountName
      accountNumber
      branch
      swift
      linkUrl
      qrAlt
      qr_image { ${FILE_FIELDS} }
`;

// The ways to give come with the settings: the donation dialog of every page shows them.
const SITE_QUERY = /* GraphQL */ `
  query SiteSettings($ne: Boolean!) {
    siteSetting(locale: "en") { ${SITE_FIELDS} ${NEPALI} { locale ${SITE_FIELDS} } }
    donationMethods(locale: "en", sort: ["sortOrder:asc", "id:asc"], pagination: { limit: ${MAX_WAYS_TO_GIVE} }) {
      ${GIVING_FIELDS}
      ${NEPALI_OF_ENTRY} { name instructions qrAlt }
    }
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
    childrenCount: number | null;
    capacity: number | null;
    registrationOffice: string | null;
    registrationNumber: string | null;
    panNumber: string | null;
    partnerName: string | null;
  }> | null;
  donationMethods?: WithNepali<GivingRow>[] | null;
}

interface GivingRow {
  name: string;
  instructions: string;
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  branch: string | null;
  swift: string | null;
  linkUrl: string | null;
  qrAlt: string | null;
  qr_image: CmsFile | null;
}

/** A way to give as the dialog and /donate show it: links https only, the QR code with its text alternative. */
function toWayToGive(row: WithNepali<GivingRow>, locale: Locale): WayToGiveView {
  const m = inLocale(row, locale)!;
  const link = safeHttpUrl(m.linkUrl);
  return {
    ...(m.fallback ? { fallback: true as const } : {}),
    name: m.name,
    instructions: m.instructions,
    bankName: m.bankName || null,
    accountName: m.accountName || null,
    accountNumber: m.accountNumber || null,
    branch: m.branch || null,
    swift: m.swift || null,
    linkUrl: link?.startsWith("https:") ? link : null,
    qr: toImage(m.qr_image, m.qrAlt?.trim() || m.qr_image?.alternativeText || m.name),
  };
}

/** Header, footer and SEO data shared by every public page, in the page's language. */
export async function getSiteSettings(locale: Locale, options?: CmsQueryOptions): Promise<SiteSettings> {
  return cmsView(SITE_QUERY, languageVariables(locale), SITE_VIEW[locale], options);
}

const SITE_VIEW = perLocale(toSiteSettings);

function toSiteSettings({ siteSetting, donationMethods }: SiteQueryResult, locale: Locale): SiteSettings {
  const s = inLocale(siteSetting, locale);
  if (!s) throw new CmsError("missing-content", "siteSetting is empty: has the CMS been seeded?");
  return withAdYears({
    ...(s.fallback ? { fallback: true as const } : {}),
    name: s.name,
    tagline: fillFigures(s.tagline ?? "", s, locale),
    aboutText: fillFigures(s.aboutText, s, locale),
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
    childrenCount: s.childrenCount ?? null,
    capacity: s.capacity ?? null,
    registration: {
      office: s.registrationOffice?.trim() || null,
      number: s.registrationNumber?.trim() || null,
      pan: s.panNumber?.trim() || null,
      partner: s.partnerName?.trim() || null,
    },
    giving: (donationMethods ?? []).map((row) => toWayToGive(row, locale)),
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
