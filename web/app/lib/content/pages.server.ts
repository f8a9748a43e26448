import { CmsError, type CmsQueryOptions, cmsView } from "../cms.server";
import type { Locale } from "../i18n/paths";
import { type Localized, pickLocalized, withAdYears } from "./localize";
import type { ObjectivesView, OrganizationView } from "./types";

type Titled = { title: string; description: string | null };
type Item = { text: string };
const titled = (list: Titled[] | null | undefined) =>
  (list ?? []).map((x) => ({ title: x.title, description: x.description ?? "" }));
const texts = (list: Item[] | null | undefined) => (list ?? []).map((x) => x.text);

const OBJECTIVES_FIELDS = `
      bannerTitle
      intro
      coreObjectives { title description }
      additionalObjectives { text }
      keyAreas { title description }
`;

const OBJECTIVES_QUERY = /* GraphQL */ `
  query ObjectivesPage {
    objectivePage { ${OBJECTIVES_FIELDS} }
  }
`;

// Nepali pages: the Nepali version, or the English one when there is none (ADR 005).
const OBJECTIVES_QUERY_NE = /* GraphQL */ `
  query ObjectivesPageNe {
    ne: objectivePage(locale: "ne") { ${OBJECTIVES_FIELDS} }
    en: objectivePage(locale: "en") { ${OBJECTIVES_FIELDS} }
  }
`;

type ObjectivesRow = NonNullable<ObjectivesResult["objectivePage"]>;

interface ObjectivesResult {
  objectivePage: Localized<{
    bannerTitle: string;
    intro: string | null;
    coreObjectives: Titled[];
    additionalObjectives: Item[];
    keyAreas: Titled[];
  }> | null;
}

export async function getObjectivesPage(locale: Locale, options?: CmsQueryOptions): Promise<ObjectivesView> {
  if (locale === "ne") return cmsView(OBJECTIVES_QUERY_NE, undefined, toObjectivesViewNe, options);
  return cmsView(OBJECTIVES_QUERY, undefined, toObjectivesView, options);
}

function toObjectivesViewNe({ ne, en }: { ne: ObjectivesRow | null; en: ObjectivesRow | null }): ObjectivesView {
  return toObjectivesView({ objectivePage: pickLocalized(ne, en) });
}

function toObjectivesView({ objectivePage: p }: ObjectivesResult): ObjectivesView {
  if (!p) throw new CmsError("missing-content", "objectivePage is empty: has the CMS been seeded?");
  return withAdYears({
    ...(p.fallback ? { fallback: true as const } : {}),
    bannerTitle: p.bannerTitle,
    intro: p.intro ?? "",
    coreObjectives: titled(p.coreObjectives),
    additionalObjectives: texts(p.additionalObjectives),
    keyAreas: titled(p.keyAreas),
  });
}

const ORGANIZATION_FIELDS = `
      bannerTitle
      journeyHeading
      journey
      commitmentsHeading
      commitments
      standardsHeading
      standards { text }
      historyCards { title yearBs text }
      programmesHeading
      programmes { title description }
      challengesHeading
      challenges { text }
`;

const ORGANIZATION_QUERY = /* GraphQL */ `
  query OrganizationPage {
    organizationPage { ${ORGANIZATION_FIELDS} }
  }
`;

const ORGANIZATION_QUERY_NE = /* GraphQL */ `
  query OrganizationPageNe {
    ne: organizationPage(locale: "ne") { ${ORGANIZATION_FIELDS} }
    en: organizationPage(locale: "en") { ${ORGANIZATION_FIELDS} }
  }
`;

type OrganizationRow = NonNullable<OrganizationResult["organizationPage"]>;

interface OrganizationResult {
  organizationPage: Localized<{
    bannerTitle: string;
    journeyHeading: string | null;
    journey: string | null;
    commitmentsHeading: string | null;
    commitments: string | null;
    standardsHeading: string | null;
    standards: Item[];
    historyCards: { title: string; yearBs: number | null; text: string | null }[];
    programmesHeading: string | null;
    programmes: Titled[];
    challengesHeading: string | null;
    challenges: Item[];
  }> | null;
}

export async function getOrganizationPage(locale: Locale, options?: CmsQueryOptions): Promise<OrganizationView> {
  if (locale === "ne") return cmsView(ORGANIZATION_QUERY_NE, undefined, toOrganizationViewNe, options);
  return cmsView(ORGANIZATION_QUERY, undefined, toOrganizationView, options);
}

function toOrganizationViewNe({ ne, en }: { ne: OrganizationRow | null; en: OrganizationRow | null }): OrganizationView {
  return toOrganizationView({ organizationPage: pickLocalized(ne, en) });
}

function toOrganizationView({ organizationPage: p }: OrganizationResult): OrganizationView {
  if (!p) throw new CmsError("missing-content", "organizationPage is empty: has the CMS been seeded?");
  return withAdYears({
    ...(p.fallback ? { fallback: true as const } : {}),
    bannerTitle: p.bannerTitle,
    journeyHeading: p.journeyHeading ?? "",
    journey: p.journey ?? "",
    commitmentsHeading: p.commitmentsHeading ?? "",
    commitments: p.commitments ?? "",
    standardsHeading: p.standardsHeading ?? "",
    standards: texts(p.standards),
    historyCards: (p.historyCards ?? []).map((c) => ({ title: c.title, yearBs: c.yearBs, text: c.text ?? "" })),
    programmesHeading: p.programmesHeading ?? "",
    programmes: titled(p.programmes),
    challengesHeading: p.challengesHeading ?? "",
    challenges: texts(p.challenges),
  });
}
