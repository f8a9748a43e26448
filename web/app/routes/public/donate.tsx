import type { Route } from "./+types/donate";
import { DONATION_PRESETS_NPR, donationMailto, formatNpr } from "~/components/site/donation/donation";
import { WaysToGive } from "~/components/site/donation/WaysToGive";
import { PageBanner } from "~/components/site/PageBanner";
import { IconMail, IconPhone } from "~/components/ui/icons";
import { translator, useLocale, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { reloadDocument, STATIC_PAGE } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = STATIC_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;
// The ways to give and the registration come with the site settings the public layout already
// loaded: this page needs no query of its own (see contact.tsx).
export function loader() {
  return null;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const locale = pageLocale(location);
  const t = translator(locale);
  return seo({ site: siteFromMatches(matches), locale, title: t("donate.pageTitle"), description: t("donate.pageIntro"), path: "/donate" });
}

export default function DonatePage({ matches }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const site = siteFromMatches(matches);
  if (!site) return null;
  const siteLang = site.fallback ? "en" : undefined;
  const amount = formatNpr(DONATION_PRESETS_NPR[0], locale);
  const registration = [
    { label: t("donate.registeredWith"), value: site.registration.office, asWritten: false },
    // Numbers on the home's papers: shown as written there, to be checked against them.
    { label: t("donate.registrationNumber"), value: site.registration.number, asWritten: true },
    { label: t("donate.pan"), value: site.registration.pan, asWritten: true },
    { label: t("donate.partner"), value: site.registration.partner, asWritten: false },
  ].filter((row): row is { label: string; value: string; asWritten: boolean } => Boolean(row.value));

  return (
    <>
      <PageBanner title={t("donate.pageTitle")} intro={t("donate.pageIntro")} />
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="ways-heading">
          <h2 id="ways-heading" className="text-2xl font-bold text-clay-dark">
            {t("donate.waysTitle")}
          </h2>
          <WaysToGive ways={site.giving} />
        </section>

        <div className="space-y-8">
          <section aria-labelledby="amounts-heading" className="rounded-2xl bg-sage-light p-6">
            <h2 id="amounts-heading" className="text-xl font-bold text-sage">
              {t("donate.suggestedTitle")}
            </h2>
            <p className="mt-2">{t("donate.suggestedText")}</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {DONATION_PRESETS_NPR.map((preset) => (
                <li key={preset} className="rounded-full bg-white px-3 py-1 font-semibold">
                  {t("donate.amount", { amount: formatNpr(preset, locale) })}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="write-heading" className="rounded-2xl bg-white p-6 ring-1 ring-sand-200">
            <h2 id="write-heading" className="text-xl font-bold text-clay-dark">
              {t("donate.emailTitle")}
            </h2>
            <p className="mt-2">{t("donate.emailText")}</p>
            <div className="mt-4 flex flex-col gap-2">
              <a
                className="btn btn-primary"
                href={donationMailto(
                  site.email,
                  t("donate.mailSubject", { amount }),
                  t("donate.mailBody", { amount, method: t("donate.method.offline") }),
                )}
              >
                <IconMail size={18} />
                {t("donate.emailUs")}
              </a>
              <a className="btn btn-ghost" href={site.phoneHref}>
                <IconPhone size={18} />
                {t("donate.callUs", { phone: site.phone })}
              </a>
            </div>
          </section>

          <section aria-labelledby="thanks-heading">
            <h2 id="thanks-heading" className="text-xl font-bold text-clay-dark">
              {t("donate.thanksTitle")}
            </h2>
            <p className="mt-2">{t("donate.thanksText")}</p>
            <p className="mt-3 text-sm text-muted">{t("donate.noPayment")}</p>
          </section>

          {registration.length > 0 ? (
            <section aria-labelledby="registration-heading">
              <h2 id="registration-heading" className="text-xl font-bold text-clay-dark">
                {t("donate.registrationTitle")}
              </h2>
              <dl lang={siteLang} className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {registration.map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-muted">{row.label}</dt>
                    <dd className="font-semibold" data-as-written={row.asWritten ? "" : undefined}>
                      {row.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
