import { json } from './api';

export const KINDS = ['team-member', 'image-gallery', 'video-gallery', 'blog'] as const;

type Listing = { count: number; results: Record<string, unknown>[] };

const FILE = 'url alternativeText width height mime';
const PAGES_QUERY = `query Pages($locale: I18NLocaleCode) {
  siteSetting(locale: $locale) { name tagline aboutText address phone email socialUrl socialLabel mapEmbedUrl mapLabel locale }
  home(locale: $locale) {
    heroSlides { heading text imageAlt image { ${FILE} } }
    welcomeHeading welcomeIntro welcomeCards { title description }
    benefitsHeading benefitsIntro benefits { title alt image { ${FILE} } items { text } }
    participationHeading participationIntro participationImage { ${FILE} } participationImageAlt initiatives { title description }
    admissionHeading admissionIntro admissionListOneTitle admissionListOne { text } admissionListTwoTitle admissionListTwo { text } locale
  }
  objectivePage(locale: $locale) { bannerTitle intro coreObjectives { title description } additionalObjectives { text } keyAreas { title description } locale }
  organizationPage(locale: $locale) {
    bannerTitle journeyHeading journey commitmentsHeading commitments standardsHeading standards { text }
    historyCards { title yearBs text } programmesHeading programmes { title description } challengesHeading challenges { text } locale
  }
}`;

/**
 * What the site says, as clients read it: the full /api output of every kind in both languages
 * (ids, texts, dates, file URLs) and the fixed pages through GraphQL, with the CMS's own address
 * taken out of URLs so two CMSs can be compared. `edits: false` leaves out who changed each item
 * last and when (`updated_by`, `updated_at`): a content folder does not carry them, they name
 * accounts of one database.
 */
export async function siteSnapshot(url: string, { edits = true }: { edits?: boolean } = {}) {
  const strip = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(url, 'CMS'));
  const api: Record<string, Listing> = {};
  for (const kind of KINDS) {
    for (const locale of ['en', 'ne']) {
      const response = await fetch(`${url}/api/${kind}?locale=${locale}&pageSize=100`);
      const listing = strip((await json(response)) as Listing);
      if (!edits) for (const item of listing.results) for (const field of ['updated_by', 'updated_at']) delete item[field];
      api[`${kind}?locale=${locale}`] = listing;
    }
  }
  const pages: Record<string, unknown> = {};
  for (const locale of ['en', 'ne']) {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: PAGES_QUERY, variables: { locale } }),
    });
    const body = (await json(response)) as { data?: unknown; errors?: unknown };
    if (body.errors) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
    pages[locale] = strip(body.data);
  }
  return { api, pages };
}

/** Every media URL of a snapshot's /api output (photoUrl, mediaUrl, posterUrl). */
export function mediaUrls(snapshot: Awaited<ReturnType<typeof siteSnapshot>>) {
  const urls = new Set<string>();
  for (const listing of Object.values(snapshot.api)) {
    for (const item of listing.results) {
      for (const field of ['photoUrl', 'mediaUrl', 'posterUrl']) if (typeof item[field] === 'string') urls.add(item[field] as string);
    }
  }
  return [...urls].sort();
}

/** The bytes a CMS serves for a snapshot URL ('CMS/uploads/x.jpg'). */
export async function servedBytes(url: string, snapshotUrl: string) {
  const response = await fetch(snapshotUrl.replace('CMS', url));
  if (response.status !== 200) throw new Error(`${snapshotUrl}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
