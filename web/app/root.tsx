import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import enhanceScript from "virtual:enhance-script";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// The Devanagari subset of Noto Sans Devanagari (variable, 100-900): the same file app.css's
// @font-face names, preloaded on Nepali pages only (ADR 005). English pages never load it.
import devanagariFont from "@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2?url";
import { adminLocaleOf } from "./lib/admin/locale";
import { LocaleProvider, localeFromPath, localizePath, translator } from "./lib/i18n";
import { useNonce } from "./lib/nonce";
import { useIsStaticPage } from "./lib/static-page";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

const NOSCRIPT_CSS =
  "[data-reveal]{opacity:1!important;transform:none!important}" +
  "[data-nojs-hide],[data-js-only]{display:none!important}" +
  "[data-nojs-show]{display:inline!important}";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The language is the URL's: /ne and /ne/... are Nepali (app/lib/i18n/paths.ts); admin pages
  // are in the language the signed-in person chose (the login page: the browser's or the switch's).
  const pathLocale = localeFromPath(useLocation().pathname);
  const locale = adminLocaleOf(useMatches()) ?? pathLocale;
  // Public pages are not hydrated: they get one small script instead of React.
  const staticPage = useIsStaticPage();
  return (
    <html lang={locale} id="top">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a8441c" />
        <Meta />
        {locale === "ne" ? <link rel="preload" href={devanagariFont} as="font" type="font/woff2" crossOrigin="anonymous" /> : null}
        <Links />
        {/* Without JavaScript: scroll-reveal cards are simply there, truncated texts show
            in full, and controls that need scripts are hidden. */}
        <noscript>
          <style nonce={nonce}>{NOSCRIPT_CSS}</style>
        </noscript>
      </head>
      <body className="min-h-dvh bg-cream text-ink antialiased">
        {children}
        {staticPage ? (
          <script type="module" src={enhanceScript} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const locale = localeFromPath(useLocation().pathname);
  // Lets browser tests know the page is interactive (and nothing else depends on it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <LocaleProvider value={locale}>
      <Outlet />
    </LocaleProvider>
  );
}

// Last resort, outside the public layout (for example a resource route failing). Pages
// have their own boundaries that keep the header and footer.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = localeFromPath(useLocation().pathname);
  const t = translator(locale);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const title = notFound ? t("notFound.title") : unavailable ? t("errors.unavailableTitle") : t("errors.unexpectedTitle");
  const text = notFound ? t("notFound.text") : unavailable ? t("errors.cmsUnavailable") : t("errors.unexpectedText");
  return (
    <main className="container-page flex min-h-dvh flex-col items-center justify-center gap-6 py-16 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-bold text-clay sm:text-4xl">{title}</h1>
      <p className="max-w-prose text-muted">{text}</p>
      <a href={localizePath("/", locale)} className="btn btn-primary">
        {t("common.backHome")}
      </a>
    </main>
  );
}
