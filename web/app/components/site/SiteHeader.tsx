import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { bindMenu } from "~/enhance/menu";
import { IconGlobe, IconMenu } from "~/components/ui/icons";
import type { SiteSettings } from "~/lib/content/types";
import { useLocalizePath, useT } from "~/lib/i18n";
import { useIsStaticPage } from "~/lib/static-page";
import { useOpenDonate } from "./donation/donate-context";
import { LanguageSwitch } from "./LanguageSwitch";
import { NAV_ITEMS } from "./nav";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-2.5 py-2 text-[0.95rem] font-medium whitespace-nowrap transition-colors ${
    isActive ? "bg-saffron-light text-clay-dark" : "text-ink hover:bg-sand hover:text-clay-dark"
  }`;

export function SiteHeader({ site }: { site: SiteSettings | null }) {
  const t = useT();
  const location = useLocation();
  const openDonate = useOpenDonate();
  const href = useLocalizePath();
  // The staff login (the one hydrated page in this layout) has no Nepali version.
  const bilingual = useIsStaticPage();
  const name = site?.name ?? "";
  const socialLabel = t("nav.social", { label: site?.socialLabel || t("nav.socialFallback") });
  // Hydrated pages (the staff login) get the same menu behaviour as the enhancement script gives.
  const menuRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => (menuRef.current ? bindMenu(menuRef.current) : undefined), [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-sand-200 bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <div className="container-page flex h-16 items-center gap-3">
        <Link to={href("/")} className="flex min-w-0 items-center gap-2 sm:gap-2.5" aria-label={t("nav.homeLink", { name })}>
          <img src="/favicon.svg" width={36} height={36} alt="" className="size-8 shrink-0 sm:size-9" />
          {/* Narrow phones give the name about 100 px: three short lines, never cut. */}
          <span
            lang={site?.fallback ? "en" : undefined}
            className="line-clamp-3 font-serif text-[0.8rem] leading-[1.15] font-bold text-clay-dark min-[400px]:line-clamp-2 min-[400px]:text-[0.95rem] min-[400px]:leading-tight sm:text-lg md:hidden lg:inline"
          >
            {name}
          </span>
        </Link>

        <nav aria-label={t("nav.label")} className="ml-auto hidden md:block">
          <ul className="flex items-center gap-0.5">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={href(item.to)} end={item.to === "/"} className={linkClass} prefetch="intent">
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1.5 min-[400px]:gap-2 md:ml-2">
          {site?.socialUrl ? (
            <a
              href={site.socialUrl}
              rel="noopener noreferrer"
              target="_blank"
              aria-label={socialLabel}
              title={socialLabel}
              // Only where the row has room for it beside the switcher (the footer always has it).
              className="hidden size-10 place-items-center rounded-full text-sage hover:bg-sage-light min-[1280px]:grid"
            >
              <IconGlobe size={20} />
            </a>
          ) : null}
          {bilingual ? (
            <LanguageSwitch className="grid min-h-10 place-items-center rounded-full px-3 text-sm font-semibold whitespace-nowrap text-sage ring-1 ring-sage/30 hover:bg-sage-light" />
          ) : null}
          <a
            href={href("/donate")}
            onClick={openDonate}
            data-donate=""
            className="btn btn-primary min-h-10 px-3 text-sm whitespace-nowrap min-[400px]:px-4"
          >
            {t("donate.button")}
          </a>

          {/* A native disclosure: the mobile menu also opens without JavaScript. Keyed by
              location so it closes after each navigation. */}
          <details key={location.key} ref={menuRef} data-menu="" className="group md:hidden">
            <summary className="grid size-11 cursor-pointer list-none place-items-center rounded-full text-ink hover:bg-sand [&::-webkit-details-marker]:hidden">
              <IconMenu size={24} />
              <span className="sr-only">{t("nav.menu")}</span>
            </summary>
            <nav aria-label={t("nav.label")} className="absolute inset-x-0 top-16 border-b border-sand-200 bg-cream shadow-card">
              <ul className="container-page flex flex-col py-3">
                {NAV_ITEMS.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={href(item.to)}
                      end={item.to === "/"}
                      className={({ isActive }) =>
                        `block rounded-lg px-3 py-3 text-lg font-medium ${isActive ? "bg-saffron-light text-clay-dark" : "text-ink hover:bg-sand"}`
                      }
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
                {site?.socialUrl ? (
                  <li>
                    <a
                      href={site.socialUrl}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="flex items-center gap-2 rounded-lg px-3 py-3 text-lg font-medium text-sage hover:bg-sand"
                    >
                      <IconGlobe size={20} />
                      {socialLabel}
                    </a>
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
