import type { LastEdit } from "~/lib/admin/kinds";
import { isRouteErrorResponse, Link, useNavigate } from "react-router";
import { adminLocaleOf, adminTranslator, useAt, type AdminLocale, type AdminT } from "~/lib/admin/messages";
import { bsAdParts, formatBsAd, toDevanagariDigits } from "~/lib/i18n/bs-date";
import { ErrorAlert } from "./Feedback";
import { IconArrowLeft, IconPlus } from "~/components/ui/icons";

/** Title row of an admin page, with its main action on the right. */
export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      {children ? <div className="flex flex-wrap gap-3">{children}</div> : null}
    </div>
  );
}

export function AddLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="btn btn-primary">
      <IconPlus size={18} />
      {label}
    </Link>
  );
}

/**
 * A back link. With `history`, it goes back to the previous page when there is one in
 * this app (spec: 'Back goes to the previous page'), otherwise (and without JavaScript)
 * to `to`.
 */
export function BackLink({ to, label, history = false }: { to: string; label: string; history?: boolean }) {
  const navigate = useNavigate();
  return (
    <Link
      to={to}
      onClick={(event) => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (history && idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-clay hover:underline"
    >
      <IconArrowLeft size={18} />
      {label}
    </Link>
  );
}

/**
 * 'Joined At' and 'created' dates, the same on server and browser (no time zone drift): "22 Nov
 * 2026" in English, the Bikram Sambat date in Devanagari digits in Nepali ("२०८३ मङ्सिर ६"; the AD
 * date past the calendar's table).
 */
export function formatDate(value: string | null | undefined, locale: AdminLocale): string | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  if (locale === "ne") {
    const { bs, ad } = bsAdParts(date, "ne");
    return bs ?? ad;
  }
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(date);
}

/**
 * When a change happened, to the minute, in the home's own time (the same on server and browser):
 * "22 Nov 2026, 14:05" in English; in Nepali the Bikram Sambat date and the time in Devanagari
 * digits ("२०८३ मङ्सिर ६, १४:०५"). Null when there is no time or it is not one.
 */
export function formatDateTime(value: string | null | undefined, locale: AdminLocale): string | null {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  if (locale === "en") {
    return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kathmandu" }).format(date);
  }
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Asia/Kathmandu" });
  const { bs, ad } = bsAdParts(date, "ne");
  return `${bs ?? ad}, ${toDevanagariDigits(time.format(date))}`;
}

/**
 * 'Joined At': the Bikram Sambat date, then the AD one in brackets,
 * "9 Mangsir 2081 BS (24 November 2024)". Null when there is no date or it is not one.
 */
export function formatJoinedAt(value: string | null | undefined, locale: AdminLocale): string | null {
  if (!value) return null;
  try {
    return formatBsAd(value, locale);
  } catch {
    return null;
  }
}

/** formatJoinedAt's two halves, for places that set them on two lines. */
export function joinedAtParts(value: string | null | undefined, locale: AdminLocale): { bs: string | null; ad: string } | null {
  if (!value) return null;
  try {
    return bsAdParts(value, locale);
  } catch {
    return null;
  }
}

/** What a child route shows when its loader or render failed: inside the sidebar layout. */
export function AdminRouteError({ error }: { error: unknown }) {
  const at = useAt();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal that says why (a page for managers only) shows its own words.
  const own = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : undefined;
  const message =
    typeof own === "string" && own
      ? own
      : isRouteErrorResponse(error) && status === 403
        ? at("common.forbidden")
        : isRouteErrorResponse(error) && status === 404
          ? at("common.notFound")
          : at("common.errorText");
  return (
    <div>
      <title>{at("common.errorTitle")}</title>
      <h1 className="mb-6 text-2xl font-bold text-ink sm:text-3xl">{at("common.errorTitle")}</h1>
      <ErrorAlert>{message}</ErrorAlert>
      <div className="mt-6">
        <Link to="/dashboard" className="btn btn-ghost">
          {at("nav.dashboard")}
        </Link>
      </div>
    </div>
  );
}

/**
 * The document title of an admin page, in the admin language its route data carries: `title`
 * is the title itself or made from the page's translator.
 */
export function adminMeta(matches: readonly unknown[], title: string | ((at: AdminT) => string)) {
  const at = adminTranslator(adminLocaleOf(matches) ?? "en");
  const text = typeof title === "string" ? title : title(at);
  return [{ title: `${text} · ${at("nav.panel")}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** An e-mail address that may wrap only before its "@", never inside a word. */
export function EmailText({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <span className="break-words">{address}</span>;
  return (
    <span>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}

/** "Last edited by Sita Gurung, 22 Nov 2026" (or without the name when none was recorded); null without either. */
export function lastEditLine(edit: LastEdit | null | undefined, at: AdminT): string | null {
  const date = formatDate(edit?.at, at.locale);
  if (edit?.name && date) return at("edited.line", { name: edit.name, date });
  if (date) return at("edited.lineNoName", { date });
  return null;
}
