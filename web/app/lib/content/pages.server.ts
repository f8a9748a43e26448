import { CmsError, type CmsQueryOptions, cmsView } from "../cms.server";
import type { ObjectivesView, OrganizationView } from "./types";

type Titled = { title: string; description: string | null };
type Item = { text: string };
const titled = (list: Titled[] | null | undefined) =>
  (list ?? []).map((x) => ({ title: x.title, description: x.description ?? "" }));
const texts = (list: Item[] | null | undefined) => (list ?? []).map((x) => x.text);

const OBJECTIVES_QUERY = /* GraphQL */ `
  query ObjectivesPage {
    objectivePage {
      bannerTitle
      intro
      coreObjectives { title description }
      additionalObjectives { text }
      keyAreas { title description }
    }
  }
`;

interface ObjectivesResult {
  objectivePage: {
    bannerTitle: string;
    intro: string | null;
    coreObjectives: Titled[];
    additionalObjectives: Item[];
    keyAreas: Titled[];
  } | null;
}

export async function getObjectivesPage(options?: CmsQueryOptions): Promise<ObjectivesView> {
  return cmsView(OBJECTIVES_QUERY, undefined, toObjectivesView, options);
}

function toObjectivesView({ objectivePage: p }: ObjectivesResult): ObjectivesView {
  if (!p) throw new CmsError("missing-content", "objectivePage is empty: has the CMS been seeded?");
  return {
    bannerTitle: p.bannerTitle,
    intro: p.intro ?? "",
    coreObjectives: titled(p.coreObjectives),
    additionalObjectives: texts(p.additionalObjectives),
    keyAreas: titled(p.keyAreas),
  };
}

const ORGANIZATION_QUERY = /* GraphQL */ `
  query OrganizationPage {
    organizationPage {
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
    }
  }
`;

interface OrganizationResult {
  organizationPage: {
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
  } | null;
}

export async function getOrganizationPage(options?: CmsQueryOptions): Promise<OrganizationView> {
  return cmsView(ORGANIZATION_QUERY, undefined, toOrganizationView, options);
}

function toOrganizationView({ organizationPage: p }: OrganizationResult): OrganizationView {
  if (!p) throw new CmsError("missing-content", "organizationPage is empty: has the CMS been seeded?");
  return {
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
  };
}
