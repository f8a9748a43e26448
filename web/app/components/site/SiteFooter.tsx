import { Link } from "react-router";
import { IconArrowUp, IconGlobe, IconMail, IconMapPin, IconPhone } from "~/components/ui/icons";
import type { SiteSettings } from "~/lib/content/types";
import { useLocalizePath, useT } from "~/lib/i18n";
import { useOpenDonate } from "./donation/donate-context";
import { DONATE_ITEM, NAV_ITEMS } from "./nav";

export function SiteFooter({ site }: { site: SiteSettings | null }) {
  const t = useT();
  const openDonate = useOpenDonate();
  const href = useLocalizePath();
  const siteLang = site?.fallback ? "en" : undefined;
  const year = new Date().getFullYear();

  return (
    <footer className="on-dark mt-auto bg-night text-sand">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr] lg:py-16">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-xl font-bold text-white">
            {t("footer.aboutUs")}
          </h2>
          {site ? (
            <p lang={siteLang} className="mt-3 max-w-prose text-sand/90">
              {site.aboutText}
            </p>
          ) : null}
          {site?.childrenCount != null ? (
            <p data-figures="" className="mt-3 font-semibold text-white">
              {site.capacity != null
                ? t("footer.childrenAndPlaces", { children: site.childrenCount, capacity: site.capacity })
                : t("footer.children", { children: site.childrenCount })}
            </p>
          ) : null}
          <a href={href("/donate")} onClick={openDonate} data-donate="" className="btn btn-primary mt-5">
            {t("donate.button")}
          </a>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-xl font-bold text-white">
            {t("footer.contact")}
          </h2>
          {site ? (
            <ul className="mt-3 space-y-3">
              <li className="flex gap-3">
                <IconMapPin className="mt-1 shrink-0 text-saffron" />
                <span>
                  <span className="sr-only">{t("footer.address")}: </span>
                  <span lang={siteLang}>{site.address}</span>
                </span>
              </li>
              <li className="flex gap-3">
                <IconPhone className="mt-1 shrink-0 text-saffron" />
                <a href={site.phoneHref} className="underline-offset-4 hover:underline">
                  <span className="sr-only">{t("footer.phone")}: </span>
                  {site.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <IconMail className="mt-1 shrink-0 text-saffron" />
                <a href={`mailto:${site.email}`} className="break-all underline-offset-4 hover:underline">
                  <span className="sr-only">{t("footer.email")}: </span>
                  {site.email}
                </a>
              </li>
              {site.socialUrl ? (
                <li className="flex gap-3">
                  <IconGlobe className="mt-1 shrink-0 text-saffron" />
                  <a href={site.socialUrl} rel="noopener noreferrer" target="_blank" className="underline-offset-4 hover:underline">
                    {t("nav.social", { label: site.socialLabel || t("nav.socialFallback") })}
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </section>

        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="text-xl font-bold text-white">
            {t("footer.explore")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 lg:grid-cols-1">
            {[...NAV_ITEMS, DONATE_ITEM].map((item) => (
              <li key={item.to}>
                <Link to={href(item.to)} className="underline-offset-4 hover:text-white hover:underline">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-wrap items-center justify-between gap-4 py-5 text-sm text-sand/85">
          <p>{t("footer.copyright", { year, name: site?.name ?? "" })}</p>
          {/* A link, so it works without JavaScript; smooth scrolling comes from CSS. */}
          <a
            href="#top"
            className="inline-flex items-center gap-2 rounded-full border border-white/25 px-4 py-2 font-medium text-white hover:bg-white/10"
          >
            <IconArrowUp size={18} />
            {t("footer.scrollToTop")}
          </a>
        </div>
      </div>
    </footer>
  );
}
