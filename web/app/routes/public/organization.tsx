import type { Route } from "./+types/organization";
import { PageBanner } from "~/components/site/PageBanner";
import { contentLang, FallbackNotice } from "~/components/site/LanguageSwitch";
import { pageErrorBoundary } from "~/components/site/RouteError";
import { IconCalendar } from "~/components/ui/icons";
import { loadFromCms } from "~/lib/cms.server";
import { getOrganizationPage } from "~/lib/content/pages.server";
import { withFigures } from "~/lib/content/figures";
import { getSiteSettings } from "~/lib/content/site.server";
import { formatBsYear } from "~/lib/i18n/bs-date";
import { formatNumber, localeFromPath, translator, useLocale, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const locale = pageLocale(location);
  return seo({
    site: siteFromMatches(matches),
    locale,
    title: translator(locale)("nav.organization"),
    description: loaderData?.page.journey.slice(0, 160),
    path: "/organization",
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return loadFromCms(async () => {
    const [page, site] = await Promise.all([
      getOrganizationPage(locale, { signal: request.signal }),
      getSiteSettings(locale, { signal: request.signal }),
    ]);
    return { page: withFigures(page, site, locale) };
  });
}

export default function OrganizationPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  const locale = useLocale();
  // No Nepali version yet: the English text, marked as such, with a notice (ADR 005).
  const lang = contentLang(page);
  return (
    <>
      <PageBanner title={page.bannerTitle || t("organization.banner")} lang={page.bannerTitle ? lang : undefined} />
      {lang ? (
        <div className="container-page pt-8">
          <FallbackNotice />
        </div>
      ) : null}

      <div lang={lang} className="container-page grid gap-10 py-14 sm:py-16 lg:grid-cols-2">
        {page.journey ? (
          <section aria-labelledby="journey-heading">
            <h2 id="journey-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
              {page.journeyHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">{page.journey}</p>
          </section>
        ) : null}
        {page.commitments ? (
          <section aria-labelledby="commitments-heading">
            <h2 id="commitments-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
              {page.commitmentsHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">{page.commitments}</p>
          </section>
        ) : null}
      </div>

      <div className="bg-sand/60 py-14 sm:py-16">
        <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.2fr]">
          <section lang={lang} aria-labelledby="standards-heading">
            <h2 id="standards-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
              {page.standardsHeading}
            </h2>
            <ul className="mt-6 space-y-3">
              {page.standards.map((text, i) => (
                <li key={i} className="mark-check-circle flex gap-3 [--mark:22px]">
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
              {t("organization.history")}
            </h2>
            <ul lang={lang} className="mt-6 grid gap-5 sm:grid-cols-2">
              {page.historyCards.map((card) => (
                <li key={card.title} className="rounded-2xl bg-white p-6 shadow-card">
                  {card.yearBs ? (
                    // The BS year with its AD years: "2068 BS (2011/12)", "वि.सं. २०६८ (सन् २०११/१२)".
                    <p className="flex items-center gap-2 font-serif text-2xl font-bold text-clay-dark" lang={locale}>
                      <IconCalendar className="shrink-0 text-clay" />
                      <span>{formatBsYear(card.yearBs, locale)}</span>
                    </p>
                  ) : null}
                  <h3 className="mt-3 text-xl font-bold">{card.title}</h3>
                  <p className="mt-2 text-muted">{card.text}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>

      <section lang={lang} aria-labelledby="programmes-heading" className="container-page py-14 sm:py-16">
        <h2 id="programmes-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
          {page.programmesHeading}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.programmes.map((p, i) => (
            <li key={p.title} className="flex flex-col rounded-2xl bg-white p-6 shadow-card ring-1 ring-sand-200">
              <span aria-hidden="true" className="font-serif text-3xl font-bold text-saffron-deep">
                {formatNumber(i + 1, locale)}
              </span>
              <h3 className="mt-2 text-lg font-bold">{p.title}</h3>
              <p className="mt-2 text-muted">{p.description}</p>
            </li>
          ))}
        </ul>
      </section>

      {page.challenges.length ? (
        <section lang={lang} aria-labelledby="challenges-heading" className="bg-sage-light/70 py-14 sm:py-16">
          <div className="container-page">
            <h2 id="challenges-heading" className="text-2xl font-bold text-sage sm:text-3xl">
              {page.challengesHeading}
            </h2>
            <ul className="mt-6 grid gap-4 md:grid-cols-2">
              {page.challenges.map((text, i) => (
                <li key={i} className="mark-check flex gap-3 rounded-xl bg-white p-5">
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = pageErrorBoundary({ banner: "organization.banner" });
