import type { Route } from "./+types/home";
import { BenefitCards } from "~/components/home/BenefitCards";
import { HeroSlider } from "~/components/home/hero-slider/HeroSlider";
import { contentLang, FallbackNotice } from "~/components/site/LanguageSwitch";
import { pageErrorBoundary } from "~/components/site/RouteError";
import { Img } from "~/components/ui/Img";
import { IconFileText, IconHeart, IconHome, IconShield } from "~/components/ui/icons";
import { loadFromCms } from "~/lib/cms.server";
import { getHomePage } from "~/lib/content/home.server";
import { withFigures } from "~/lib/content/figures";
import { getSiteSettings } from "~/lib/content/site.server";
import { localeFromPath } from "~/lib/i18n";
import { useNonce } from "~/lib/nonce";
import { jsonLdString, organizationJsonLd, pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

// The hero's first image is preloaded from <head> by HeroSlider (WebP, with its srcset).
export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return seo({
    site: siteFromMatches(matches),
    locale: pageLocale(location),
    description: loaderData?.home.description,
    path: "/",
    image: loaderData?.home.ogImage,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return loadFromCms(async () => {
    const [home, site] = await Promise.all([
      getHomePage(locale, { signal: request.signal }),
      getSiteSettings(locale, { signal: request.signal }),
    ]);
    return { home: withFigures(home, site, locale) };
  });
}

const WELCOME_ICONS = [IconHome, IconShield, IconHeart];

export default function HomePage({ loaderData, matches }: Route.ComponentProps) {
  const { home } = loaderData;
  const nonce = useNonce();
  const site = siteFromMatches(matches);
  // No Nepali version yet: the English text, marked as such, with a notice (ADR 005).
  const lang = contentLang(home);

  return (
    <>
      {site ? (
        <>
          <h1 className="sr-only" lang={site.fallback ? "en" : undefined}>
            {[site.name, site.tagline].filter(Boolean).join(" – ")}
          </h1>
          <script
            type="application/ld+json"
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: jsonLdString(organizationJsonLd(site, "/favicon.svg")) }}
          />
        </>
      ) : null}
      <HeroSlider slides={home.slides} contentLang={lang} />

      {lang ? (
        <div className="container-page pt-8">
          <FallbackNotice />
        </div>
      ) : null}

      <section lang={lang} aria-labelledby="welcome-heading" className="container-page py-16 sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="welcome-heading" className="text-3xl font-bold text-clay-dark sm:text-4xl">
            {home.welcomeHeading}
          </h2>
          {home.welcomeIntro ? <p className="mt-4 text-lg text-muted">{home.welcomeIntro}</p> : null}
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {home.welcomeCards.map((card, i) => {
            const Icon = WELCOME_ICONS[i % WELCOME_ICONS.length]!;
            return (
              <li key={card.title} className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-sand-200 sm:p-7">
                <span className="grid size-12 place-items-center rounded-full bg-saffron-light text-clay-dark">
                  <Icon size={24} />
                </span>
                <h3 className="mt-4 text-xl font-bold">{card.title}</h3>
                <p className="mt-2 text-muted">{card.description}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section lang={lang} aria-labelledby="benefits-heading" className="bg-sand/60 py-16 sm:py-20">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="benefits-heading" className="text-3xl font-bold text-clay-dark sm:text-4xl">
              {home.benefitsHeading}
            </h2>
            {home.benefitsIntro ? <p className="mt-4 text-lg text-muted">{home.benefitsIntro}</p> : null}
          </div>
          <div className="mt-10">
            <BenefitCards benefits={home.benefits} />
          </div>
        </div>
      </section>

      <section lang={lang} aria-labelledby="participation-heading" className="container-page py-16 sm:py-20">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="participation-heading" className="text-3xl font-bold text-clay-dark sm:text-4xl">
              {home.participationHeading}
            </h2>
            {home.participationIntro ? <p className="mt-4 text-lg text-muted">{home.participationIntro}</p> : null}
            <ul className="mt-8 space-y-5">
              {home.initiatives.map((item) => (
                <li key={item.title} className="mark-check-circle flex gap-4 [--mark:26px]">
                  <div>
                    <h3 className="font-sans text-lg font-semibold">{item.title}</h3>
                    {item.description ? <p className="text-muted">{item.description}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          </div>
          {home.participationImage ? (
            <div className="hidden lg:block">
              <Img
                image={home.participationImage}
                sizes="(min-width: 1200px) 568px, calc(50vw - 3.5rem)"
                shown={[560, 600]}
                className="aspect-[4/3] w-full rounded-3xl object-cover shadow-card"
              />
            </div>
          ) : null}
        </div>
      </section>

      <section lang={lang} aria-labelledby="admission-heading" className="bg-sage-light/70 py-16 sm:py-20">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="admission-heading" className="text-3xl font-bold text-sage sm:text-4xl">
              {home.admissionHeading}
            </h2>
            {home.admissionIntro ? <p className="mt-4 text-lg text-muted">{home.admissionIntro}</p> : null}
          </div>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {home.admissionLists.map((list, i) => (
              <div key={i} className="rounded-2xl bg-white p-6 shadow-card sm:p-8">
                {list.title ? (
                  <h3 className="flex items-center gap-3 text-xl font-bold">
                    <IconFileText className="text-sage" />
                    {list.title}
                  </h3>
                ) : null}
                <ul className="mt-4 space-y-3">
                  {list.items.map((item, j) => (
                    <li key={j} className="mark-check-circle flex gap-3">
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = pageErrorBoundary({ heading: "errors.unavailableTitle", message: (_t, reason) => reason });
