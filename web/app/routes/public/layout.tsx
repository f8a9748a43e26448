import { useCallback, useState } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { DonateProvider, type OpenDonate } from "~/components/site/donation/donate-context";
import { DonationModal } from "~/components/site/donation/DonationModal";
import { PENDING_KINDS, PendingView, pendingKind } from "~/components/site/PendingView";
import { LanguageSuggestion } from "~/components/site/LanguageSwitch";
import { errorText, ErrorNotice } from "~/components/site/RouteError";
import { SiteFooter } from "~/components/site/SiteFooter";
import { SiteHeader } from "~/components/site/SiteHeader";
import { loadFromCms } from "~/lib/cms.server";
import type { SiteSettings } from "~/lib/content/types";
import { getSiteSettings } from "~/lib/content/site.server";
import { localeFromPath, useLocale, useT } from "~/lib/i18n";
import { useIsStaticPage } from "~/lib/static-page";

export async function loader({ request }: Route.LoaderArgs) {
  // English at the spec's paths, Nepali under /ne (this module serves both, app/routes.ts).
  const locale = localeFromPath(new URL(request.url).pathname);
  return loadFromCms(async () => ({ site: await getSiteSettings(locale, { signal: request.signal }) }));
}

// Address, phone and e-mail rarely change: client-side navigations reuse them instead
// of asking the CMS again (one CMS query per page view).
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  // Public pages are not hydrated (app/lib/static-page.ts): their dialog and loading views wait
  // in <template>s for app/enhance/. The staff login inside this layout is hydrated: React state.
  if (useIsStaticPage()) return <StaticLayout site={loaderData.site} />;
  return <HydratedLayout site={loaderData.site} />;
}

function StaticLayout({ site }: { site: SiteSettings }) {
  const locale = useLocale();
  return (
    <>
      <Shell site={site}>
        <Outlet />
      </Shell>
      <template data-donate-dialog="">
        <DonationModal open onClose={noop} site={site} />
      </template>
      {/* English pages: offered to browsers that prefer Nepali (app/enhance/language.ts). */}
      {locale === "en" ? (
        <template data-lang-suggest-template="">
          <LanguageSuggestion />
        </template>
      ) : null}
      {PENDING_KINDS.map((kind) => (
        <template key={kind} data-pending={kind}>
          <PendingView kind={kind} />
        </template>
      ))}
    </>
  );
}

const noop = () => {};

function HydratedLayout({ site }: { site: SiteSettings }) {
  const navigation = useNavigation();
  const location = useLocation();
  const [donateOpen, setDonateOpen] = useState(false);
  const openDonate = useCallback<OpenDonate>((event) => {
    event?.preventDefault();
    setDonateOpen(true);
  }, []);

  const pending =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname ? pendingKind(navigation.location) : null;

  return (
    <DonateProvider value={openDonate}>
      <Shell site={site} busy={navigation.state !== "idle"}>
        {pending ? <PendingView kind={pending} /> : <Outlet />}
      </Shell>
      <DonationModal open={donateOpen} onClose={() => setDonateOpen(false)} site={site} />
    </DonateProvider>
  );
}

function Shell({ site, busy = false, children }: { site: SiteSettings | null; busy?: boolean; children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-clay px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("site.skipToContent")}
      </a>
      <SiteHeader site={site} />
      <div
        aria-hidden="true"
        data-progress=""
        className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-saffron transition-transform duration-500 ${busy ? "scale-x-75" : "scale-x-0"}`}
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter site={site} />
    </div>
  );
}

// Reached only when the layout's own data (site settings) failed: pages have their own
// boundaries that keep the header and footer.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <Shell site={null}>
      <title>{t("errors.unavailableTitle")}</title>
      <div className="container-page py-16">
        <h1 className="text-3xl font-bold text-clay-dark">{t("errors.unavailableTitle")}</h1>
        <ErrorNotice>{errorText(error, t)}</ErrorNotice>
      </div>
    </Shell>
  );
}
