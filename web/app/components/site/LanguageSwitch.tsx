import { useLocation } from "react-router";
import { basePath, type Locale, localizePath, translator, useLocale, useT } from "~/lib/i18n";

const other = (locale: Locale): Locale => (locale === "en" ? "ne" : "en");

/** The current page (path and query) in the other language. */
function useOtherLanguageHref(): { href: string; target: Locale } {
  const location = useLocation();
  const target = other(useLocale());
  return { href: localizePath(basePath(location.pathname) + location.search, target), target };
}

/**
 * The header's language switcher: the same page in the other language, named in that
 * language ("नेपाली" / "English", marked with its lang so screen readers pronounce it right).
 * A plain link: it works without JavaScript, and every page has its counterpart (ADR 005).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const t = useT();
  const { href, target } = useOtherLanguageHref();
  return (
    <a href={href} hrefLang={target} data-lang-switch="" className={className}>
      <span className="sr-only">{t("lang.label")}: </span>
      {/* This catalogue's "lang.switch" is the other language's own name; below 400 px the
          header shows its short form (the link's name stays the whole one). */}
      <span lang={target}>
        <span aria-hidden="true" className="min-[400px]:hidden">
          {t("lang.switchShort")}
        </span>
        <span className="max-[399px]:sr-only">{t("lang.switch")}</span>
      </span>
    </a>
  );
}

/**
 * Offered to visitors of English pages whose browser prefers Nepali. Rendered by the server in a
 * <template> on every English page (the page stays the same for everyone, so it stays cacheable
 * with no Vary: Accept-Language); app/enhance/language.ts shows it when navigator.languages
 * names Nepali, once, until the visitor answers or switches language. Never a redirect.
 */
export function LanguageSuggestion() {
  const t = useT();
  const ne = translator("ne");
  const { href } = useOtherLanguageHref();
  return (
    <aside
      aria-labelledby="lang-suggest-text"
      data-lang-suggest=""
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-xl flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-4 shadow-card ring-1 ring-sand-200 sm:bottom-5"
    >
      <p id="lang-suggest-text" className="min-w-0 flex-1 basis-60">
        <span lang="ne" className="block font-semibold">
          {ne("lang.suggest.text")}
        </span>
        <span className="block text-sm text-muted">{t("lang.suggest.text")}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a href={href} hrefLang="ne" lang="ne" data-lang-switch="" className="btn btn-primary">
          {ne("lang.suggest.action")}
        </a>
        <button type="button" data-lang-dismiss="" className="btn btn-ghost">
          {t("lang.suggest.dismiss")}
        </button>
      </div>
    </aside>
  );
}

/**
 * Above text shown in English on a Nepali page because it has no Nepali version yet (ADR 005).
 * The English text itself goes inside lang="en" (see `contentLang`).
 */
export function FallbackNotice({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <p role="note" data-fallback-notice="" className={`rounded-xl bg-saffron-light px-4 py-2.5 text-sm text-clay-dark ${className}`}>
      {t("lang.fallbackNotice")}
    </p>
  );
}

/** A small mark on one entry of a list shown in English on a Nepali page. */
export function FallbackBadge() {
  const t = useT();
  return (
    <span data-fallback-badge="" className="inline-block rounded-full bg-saffron-light px-2.5 py-0.5 text-xs font-semibold text-clay-dark">
      {t("lang.fallbackBadge")}
    </span>
  );
}

/** lang="en" for content shown in English on a Nepali page; nothing otherwise. */
export function contentLang(view: { fallback?: true } | null | undefined): "en" | undefined {
  return view?.fallback ? "en" : undefined;
}
