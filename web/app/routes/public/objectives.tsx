import type { Route } from "./+types/objectives";
import { PageBanner } from "~/components/site/PageBanner";
import { contentLang, FallbackNotice } from "~/components/site/LanguageSwitch";
import { pageErrorBoundary } from "~/components/site/RouteError";
import { IconCheck, IconHeart, IconHome, IconShield, IconUsers } from "~/components/ui/icons";
import { loadFromCms } from "~/lib/cms.server";
import { getObjectivesPage } from "~/lib/content/pages.server";
import { withFigures } from "~/lib/content/figures";
import { getSiteSettings } from "~/lib/content/site.server";
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
    title: translator(locale)("nav.objectives"),
    description: loaderData?.page.intro,
    path: "/objectives",
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return loadFromCms(async () => {
    const [page, site] = await Promise.all([
      getObjectivesPage(locale, { signal: request.signal }),
      getSiteSettings(locale, { signal: request.signal }),
    ]);
    return { page: withFigures(page, site, locale) };
  });
}

const CORE_ICONS = [IconHome, IconUsers, IconShield, IconHeart];

export default function ObjectivesPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  const locale = useLocale();
  // No Nepali version yet: the English text, marked as such, with a notice (ADR 005).
  const lang = contentLang(page);
  return (
    <>
      <PageBanner title={page.bannerTitle || t("objectives.banner")} intro={page.intro} lang={page.bannerTitle ? lang : undefined} />
      {lang ? (
        <div className="container-page pt-8">
          <FallbackNotice />
        </div>
      ) : null}

      <section aria-labelledby="core-heading" className="container-page py-14 sm:py-16">
        <h2 id="core-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
          {t("objectives.core")}
        </h2>
        <ul lang={lang} className="mt-8 grid gap-6 sm:grid-cols-2">
          {page.coreObjectives.map((item, i) => {
            const Icon = CORE_ICONS[i % CORE_ICONS.length]!;
            return (
              <li key={item.title} className="flex gap-5 rounded-2xl bg-white p-6 shadow-card ring-1 ring-sand-200">
                <span className="grid size-12 shrink-0 place-items-center rounded-full bg-saffron-light text-clay-dark">
                  <Icon size={24} />
                </span>
                <div>
                  <h3 className="text-xl font-bold">{item.title}</h3>
                  <p className="mt-2 text-muted">{item.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="additional-heading" className="bg-sand/60 py-14 sm:py-16">
        <div className="container-page">
          <h2 id="additional-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
            {t("objectives.additional")}
          </h2>
          <ol lang={lang} className="mt-8 grid gap-4 lg:grid-cols-2">
            {page.additionalObjectives.map((text, i) => (
              <li key={i} className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-sand-200">
                <span aria-hidden="true" className="font-serif text-2xl font-bold text-saffron-deep">
                  {formatNumber(String(i + 1).padStart(2, "0"), locale)}
                </span>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="areas-heading" className="container-page py-14 sm:py-16">
        <h2 id="areas-heading" className="text-2xl font-bold text-clay-dark sm:text-3xl">
          {t("objectives.keyAreas")}
        </h2>
        <ul lang={lang} className="mt-8 grid gap-6 md:grid-cols-3">
          {page.keyAreas.map((area) => (
            <li key={area.title} className="rounded-2xl border-t-4 border-sage bg-white p-6 shadow-card">
              <h3 className="flex items-center gap-2 text-xl font-bold text-sage">
                <IconCheck />
                {area.title}
              </h3>
              <p className="mt-2 text-muted">{area.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = pageErrorBoundary({ banner: "objectives.banner" });
