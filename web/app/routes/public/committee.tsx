import type { Route } from "./+types/committee";
import { PageBanner } from "~/components/site/PageBanner";
import { FallbackBadge } from "~/components/site/LanguageSwitch";
import { PublicPager, titleWithPage } from "~/components/site/PublicPager";
import { isNotFound, pageErrorBoundary } from "~/components/site/RouteError";
import { Img } from "~/components/ui/Img";
import { loadFromCms } from "~/lib/cms.server";
import { existingPage, requestedPageOr404 } from "~/lib/list-page.server";
import { getCommittee } from "~/lib/content/collections.server";
import { localeFromPath, translator, useT } from "~/lib/i18n";
import { pageLocale, seo, siteFromMatches } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/http-cache";
import { LIST_PAGE, reloadDocument } from "~/lib/static-page";

// A public page: served without React (app/lib/static-page.ts), cacheable by CDNs.
export const handle = LIST_PAGE;
export const headers = publicPageHeaders;
export const clientLoader = reloadDocument;

/** A page of the list in English (`/current-committee`, `/current-committee?page=2`); the Nepali one is under /ne. */
const pathOf = (page: number) => (page > 1 ? `/current-committee?page=${page}` : "/current-committee");

export function meta({ matches, location, loaderData, error }: Route.MetaArgs) {
  const locale = pageLocale(location);
  const t = translator(locale);
  const site = siteFromMatches(matches);
  if (!loaderData) {
    const title = isNotFound(error) ? t("notFound.metaTitle") : t("nav.committee");
    return seo({ site, locale, title, path: "/current-committee", noindex: true });
  }
  const { page } = loaderData.members;
  return seo({ site, locale, title: titleWithPage(t, t("nav.committee"), page), path: pathOf(page) });
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const page = requestedPageOr404(request);
  const members = await loadFromCms(() => getCommittee(page, locale, { signal: request.signal }));
  return { members: existingPage(members) };
}

/** Shown when a member has no photo: the project's own drawing. */
const PLACEHOLDER = "/avatar-placeholder.svg";

export default function CommitteePage({ loaderData }: Route.ComponentProps) {
  const { items: members, page, pageCount } = loaderData.members;
  const t = useT();
  return (
    <>
      <PageBanner title={t("committee.title")} />
      <div className="container-page py-14 sm:py-16">
        {members.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-sand-200">{t("committee.empty")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="committee-list">
            {members.map((member, i) => (
              <li
                key={member.id}
                className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-card ring-1 ring-sand-200"
              >
                {member.photo ? (
                  <Img
                    image={member.photo}
                    alt={t("committee.photoAlt", { name: member.name })}
                    sizes="144px"
                    shown={[144, 144]}
                    eager={i < 2}
                    className="size-36 rounded-full object-cover ring-4 ring-saffron-light"
                  />
                ) : (
                  <img
                    src={PLACEHOLDER}
                    width={144}
                    height={144}
                    alt=""
                    loading="lazy"
                    className="size-36 rounded-full object-cover ring-4 ring-saffron-light"
                  />
                )}
                <h2 className="mt-4 text-xl font-bold">{member.name}</h2>
                <p className="mt-1 font-medium text-clay" lang={member.fallback ? "en" : undefined}>
                  {member.role}
                </p>
                {member.fallback ? (
                  <p className="mt-2">
                    <FallbackBadge />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <PublicPager page={page} pageCount={pageCount} pathOf={pathOf} />
      </div>
    </>
  );
}

// The team's loading error is shown in red in place of the list.
export const ErrorBoundary = pageErrorBoundary({
  banner: "committee.title",
  message: (t, reason) => (
    <>
      <p className="font-semibold">{t("committee.loadError")}</p>
      <p className="mt-1">{reason}</p>
    </>
  ),
});
