import { CmsError, type CmsQueryOptions, cmsView } from "../cms.server";
import type { Locale } from "../i18n/paths";
import { inLocale, languageVariables, NEPALI, perLocale, type WithNepali, withAdYears } from "./localize";
import type { ObjectivesView, OrganizationView } from "./types";

type Titled = { title: string; description: string | null };
type Item = { text: string };
const titled = (list: Titled[] | null | undefined) => (list ?? []).map((x) => ({ title: x.title, description: x.description ?? "" }));
const texts = (list: Item[] | null | undefined) => (list ?? []).map((x) => x.text);

const OBJECTIVES_FIELDS = `
      bannerTitle
      intro
      coreObjectives { title description }
      additionalObjectives { text }
      keyAreas { title description }
`;

const OBJECTIVES_QUERY = /* GraphQL */ `
  query ObjectivesPage($ne: Boolean!) {
    objectivePage(locale: "en") { ${OBJECTIVES_FIELDS} ${NEPALI} { locale ${OBJECTIVES_FIELDS} } }
  }
`;

interface ObjectivesResult {
  objectivePage: WithNepali<{
    bannerTitle: string;
    intro: string | null;
    coreObjectives: Titled[];
    additionalObjectives: Item[];
    keyAreas: Titled[];
  }> | null;
}

export async function getObjectivesPage(locale: Locale, options?: CmsQueryOptions): Promise<ObjectivesView> {
  return cmsView(OBJECTIVES_QUERY, languageVariables(locale), OBJECTIVES_VIEW[locale], options);
}

const OBJECTIVES_VIEW = perLocale(toObjectivesView);

function toObjectivesView(result: ObjectivesResult, locale: Locale): ObjectivesView {
  const p = inLocale(result.objectivePage, locale);
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
  query OrganizationPage($ne: Boolean!) {
    organizationPage(locale: "en") { ${ORGANIZATION_FIELDS} ${NEPALI} { locale ${ORGANIZATION_FIELDS} } }
  }
`;

interface OrganizationResult {
  organizationPage: WithNepali<{
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
  return cmsView(ORGANIZATION_QUERY, languageVariables(locale), ORGANIZATION_VIEW[locale], options);
}

const ORGANIZATION_VIEW = perLocale(toOrganizationView);

function toOrganizationView(result: OrganizationResult, locale: Locale): OrganizationView {
  const p = inLocale(result.organizationPage, locale);
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
