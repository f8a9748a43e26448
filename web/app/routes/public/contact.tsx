import type { Route } from "./+types/contact";
import { useOpenDonate } from "~/components/site/donation/donate-context";
import { PageBanner } from "~/components/site/PageBanner";
import { IconGlobe, IconHeart, IconMail, IconMapPin, IconPhone } from "~/components/ui/icons";
import { translator, useT } from "~/lib/i18n";
import { useNonce } from "~/lib/nonce";
import { jsonLdString, organizationJsonLd, pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;
// Nothing to load (the layout has the contact details), but with a clientLoader and no loader
// React Router would render a loading fallback on the server instead of the page.
export function loader() {
  return null;
}

// The contact details are the site settings the public layout already loaded: this page
// needs no query of its own.
export function meta({ matches, location }: Route.MetaArgs) {
  const locale = pageLocale(location);
  const t = translator(locale);
  return seo({ site: siteFromMatches(matches), locale, title: t("contact.title"), description: t("contact.intro"), path: "/contact" });
}

export default function ContactPage({ matches }: Route.ComponentProps) {
  const t = useT();
  const nonce = useNonce();
  const openDonate = useOpenDonate();
  const site = siteFromMatches(matches);
  if (!site) return null;
  const siteLang = site.fallback ? "en" : undefined;

  const rows = [
    { icon: IconMapPin, label: t("contact.address"), content: <span lang={siteLang}>{site.address}</span> },
    {
      icon: IconPhone,
      label: t("contact.phone"),
      content: (
        <a href={site.phoneHref} className="font-semibold text-clay hover:underline">
          {site.phone}
        </a>
      ),
    },
    {
      icon: IconMail,
      label: t("contact.email"),
      content: (
        <a href={`mailto:${site.email}`} className="font-semibold break-all text-clay hover:underline">
          {site.email}
        </a>
      ),
    },
    ...(site.socialUrl
      ? [
          {
            icon: IconGlobe,
            label: t("contact.social"),
            content: (
              <a href={site.socialUrl} rel="noopener noreferrer" target="_blank" className="font-semibold text-clay hover:underline">
                {t("nav.social", { label: site.socialLabel || t("nav.socialFallback") })}
              </a>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: jsonLdString(organizationJsonLd(site, "/favicon.svg")) }}
      />
      <PageBanner title={t("contact.title")} intro={t("contact.intro")} />
      <div id="contact" className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_1.3fr]">
        <div className="space-y-8">
          <section aria-labelledby="contact-details" className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-sand-200 sm:p-8">
            <h2 id="contact-details" lang={siteLang} className="text-2xl font-bold text-clay-dark">
              {site.name}
            </h2>
            <ul className="mt-6 space-y-5">
              {rows.map(({ icon: Icon, label, content }) => (
                <li key={label} className="flex gap-4">
                  <span className="grid size-11 shrink-0 place-items-center rounded-full bg-saffron-light text-clay-dark">
                    <Icon />
                  </span>
                  <div>
                    <p className="text-sm font-semibold tracking-wide text-muted uppercase">{label}</p>
                    <p className="mt-0.5">{content}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section id="donate" aria-labelledby="donate-heading" className="rounded-2xl bg-sage-light p-6 sm:p-8">
            <h2 id="donate-heading" className="flex items-center gap-2 text-2xl font-bold text-sage">
              <IconHeart />
              {t("donate.contactSection")}
            </h2>
            <p className="mt-3">{t("contact.donateText")}</p>
            <a href="#donate" onClick={openDonate} data-donate="" className="btn btn-primary mt-5" data-js-only="">
              {t("donate.button")}
            </a>
          </section>
        </div>

        <section aria-labelledby="map-heading" className="flex flex-col">
          <h2 id="map-heading" className="sr-only">
            {t("contact.map")}
          </h2>
          {site.mapEmbedUrl ? (
            <>
              <iframe
                src={site.mapEmbedUrl}
                title={site.mapLabel ?? t("contact.mapTitle", { label: site.address })}
                loading="lazy"
                referrerPolicy="no-referrer"
                sandbox="allow-scripts allow-same-origin allow-popups"
                className="min-h-[22rem] w-full flex-1 rounded-2xl border-0 bg-sand shadow-card lg:min-h-[32rem]"
              />
              <a
                href={site.mapUrl ?? site.mapEmbedUrl}
                rel="noopener noreferrer"
                target="_blank"
                className="mt-3 self-start text-sm font-semibold text-clay hover:underline"
              >
                {t("contact.mapLink")}
              </a>
            </>
          ) : (
            <p lang={siteLang} className="rounded-2xl bg-white p-6 text-muted">
              {site.address}
            </p>
          )}
        </section>
      </div>
    </>
  );
}
