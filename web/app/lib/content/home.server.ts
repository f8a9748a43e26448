import { CmsError, type CmsQueryOptions, cmsView } from "../cms.server";
import type { Locale } from "../i18n/paths";
import { inLocale, languageVariables, NEPALI, perLocale, type WithNepali, withAdYears } from "./localize";
import { renderMarkdown } from "../markdown/markdown.server";
import { excerpt, sanitizeInline } from "../sanitize.server";
import { type CmsFile, FILE_FIELDS, shareImageUrl, toImage } from "./media";
import type { HomeView } from "./types";

const HOME_FIELDS = /* GraphQL */ `
      heroSlides { heading text imageAlt image { ${FILE_FIELDS} } }
      welcomeHeading
      welcomeIntro
      welcomeCards { title description }
      benefitsHeading
      benefitsIntro
      benefits { title alt image { ${FILE_FIELDS} } items { text } }
      participationHeading
      participationIntro
      participationImage { ${FILE_FIELDS} }
      participationImageAlt
      initiatives { title description }
      admissionHeading
      admissionIntro
      admissionListOneTitle
      admissionListOne { text }
      admissionListTwoTitle
      admissionListTwo { text }
`;

const HOME_QUERY = /* GraphQL */ `
  query HomePage($ne: Boolean!) {
    home(locale: "en") { ${HOME_FIELDS} ${NEPALI} { locale ${HOME_FIELDS} } }
  }
`;

type Titled = { title: string; description: string | null };
type Item = { text: string };

interface HomeQueryResult {
  home: WithNepali<{
    heroSlides: { heading: string; text: string; imageAlt: string | null; image: CmsFile | null }[];
    welcomeHeading: string;
    welcomeIntro: string | null;
    welcomeCards: Titled[];
    benefitsHeading: string;
    benefitsIntro: string | null;
    benefits: { title: string; alt: string | null; image: CmsFile | null; items: Item[] }[];
    participationHeading: string;
    participationIntro: string | null;
    participationImage: CmsFile | null;
    participationImageAlt: string | null;
    initiatives: Titled[];
    admissionHeading: string;
    admissionIntro: string | null;
    admissionListOneTitle: string | null;
    admissionListOne: Item[];
    admissionListTwoTitle: string | null;
    admissionListTwo: Item[];
  }> | null;
}

const titled = (list: Titled[] | null | undefined) => (list ?? []).map((x) => ({ title: x.title, description: x.description ?? "" }));
const texts = (list: Item[] | null | undefined) => (list ?? []).map((x) => x.text);

export async function getHomePage(locale: Locale, options?: CmsQueryOptions): Promise<HomeView> {
  return cmsView(HOME_QUERY, languageVariables(locale), HOME_VIEW[locale], options);
}

const HOME_VIEW = perLocale(toHomeView);

async function toHomeView(result: HomeQueryResult, locale: Locale): Promise<HomeView> {
  const home = inLocale(result.home, locale);
  if (!home) throw new CmsError("missing-content", "home is empty: has the CMS been seeded?");
  const slides = (home.heroSlides ?? []).slice(0, 3).map((s) => ({
    headingHtml: sanitizeInline(s.heading),
    textHtml: sanitizeInline(s.text),
    image: toImage(s.image, s.imageAlt),
  }));
  const firstSlide = home.heroSlides?.[0];
  // The meta description: the welcome text (or the first slide) as plain text.
  const summary = await renderMarkdown(
    home.welcomeIntro || (firstSlide ? `${firstSlide.heading}. ${firstSlide.text}` : ""),
    `home page (${home.fallback ? "en" : locale})`,
  );
  return withAdYears({
    ...(home.fallback ? { fallback: true as const } : {}),
    slides,
    welcomeHeading: home.welcomeHeading,
    welcomeIntro: home.welcomeIntro ?? "",
    welcomeCards: titled(home.welcomeCards),
    benefitsHeading: home.benefitsHeading,
    benefitsIntro: home.benefitsIntro ?? "",
    benefits: (home.benefits ?? []).map((b) => ({
      title: b.title,
      image: toImage(b.image, b.alt),
      items: texts(b.items),
    })),
    participationHeading: home.participationHeading,
    participationIntro: home.participationIntro ?? "",
    participationImage: toImage(home.participationImage, home.participationImageAlt),
    initiatives: titled(home.initiatives),
    admissionHeading: home.admissionHeading,
    admissionIntro: home.admissionIntro ?? "",
    admissionLists: [
      { title: home.admissionListOneTitle ?? "", items: texts(home.admissionListOne) },
      { title: home.admissionListTwoTitle ?? "", items: texts(home.admissionListTwo) },
    ],
    description: excerpt(summary.text, 160),
    ogImage: shareImageUrl(firstSlide?.image),
  });
}
