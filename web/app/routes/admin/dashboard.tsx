import { data, Link, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout";
import { ConfirmDialog, useConfirmParam } from "~/components/admin/ConfirmDelete";
import { ErrorAlert } from "~/components/admin/Feedback";
import { IconFileText, IconImage, IconTrash, IconUsers, IconVideo } from "~/components/ui/icons";
import { AdminRouteError, adminMeta, formatDate } from "~/components/admin/Page";
import { ConsentBadge } from "~/components/admin/ConsentBadge";
import { SizedImage } from "~/components/admin/SizedImage";
import { consentHref, type PhotoConsent } from "~/lib/admin/consent";
import { consentToReview } from "~/lib/admin/consent.server";
import {
  countItems,
  demoContentCount,
  fetchCurrentUser,
  waitingForReview,
  removeDemoContent,
  type EntryForReview,
} from "~/lib/admin/items.server";
import { useAt, type AdminMessageKey } from "~/lib/admin/messages";
import type { KindKey } from "~/lib/admin/kinds";
import { requireSameOrigin } from "~/lib/admin/origin.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { flashNotice, requireStaff } from "~/lib/admin/session.server";
import { requireManager } from "~/lib/admin/staff-accounts.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, (at) => at("dashboard.metaTitle"));

/** The intent of the "Remove demo content" confirmation, and its `?remove-demo` link without JavaScript. */
const REMOVE_DEMO = "remove-demo";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  // Only a Manager may remove the demo content or publish a submitted post, so only a Manager is told about them.
  const forManager = async () => {
    if ((await fetchCurrentUser(request, staff))?.role !== "manager") return { demo: null, review: null, consent: null };
    const [demo, review, consent] = await Promise.all([
      demoContentCount(request, staff),
      waitingForReview(request, staff),
      consentToReview(request, staff),
    ]);
    return { demo, review: review ?? ("failed" as const), consent: consent ?? ("failed" as const) };
  };
  const [team, image, video, blog, manager] = await Promise.all([
    countItems(request, staff, "team"),
    countItems(request, staff, "image"),
    countItems(request, staff, "video"),
    countItems(request, staff, "blog"),
    forManager(),
  ]);
  return data({ counts: { team, image, video, blog }, ...manager }, { headers: NO_STORE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  await requireSameOrigin(request);
  // The only change made here, removing the demo content, is a Manager's (Staff get 403).
  const { staff } = await requireManager(request, "dashboard.demoForbidden");
  const { at } = staff;
  const form = await request.formData();
  if (form.get("intent") !== REMOVE_DEMO) {
    return data({ error: at("common.somethingWrong") }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const result = await removeDemoContent(request, staff);
  if (result.error !== null) return data({ error: result.error }, { status: 502, headers: NO_STORE_HEADERS });
  return redirect("/dashboard", {
    headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, at("dashboard.demoRemoved")) },
  });
}

const SECTIONS: {
  key: "team" | "image" | "video" | "blog";
  to: string;
  title: AdminMessageKey;
  text: AdminMessageKey;
  Icon: typeof IconUsers;
}[] = [
  { key: "team", to: "/teams", title: "dashboard.teams", text: "dashboard.teamsText", Icon: IconUsers },
  { key: "image", to: "/gallery/images", title: "dashboard.images", text: "dashboard.imagesText", Icon: IconImage },
  { key: "video", to: "/gallery/videos", title: "dashboard.videos", text: "dashboard.videosText", Icon: IconVideo },
  { key: "blog", to: "/bloglist", title: "dashboard.blogs", text: "dashboard.blogsText", Icon: IconFileText },
];

export default function DashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const at = useAt();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const name = layout?.user?.name;
  return (
    <>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">
        {name ? at("dashboard.welcome", { name }) : at("dashboard.welcomeAnonymous")}
      </h1>
      <p className="mt-2 max-w-prose text-muted">{at("dashboard.intro")}</p>
      {layout?.user && !name ? (
        <p className="mt-2 max-w-prose">
          <Link to="/account" className="font-semibold text-clay hover:underline">
            {at("dashboard.setName")}
          </Link>
        </p>
      ) : null}
      {actionData?.error ? <ErrorAlert className="mt-6">{actionData.error}</ErrorAlert> : null}
      {loaderData.demo ? <DemoContentNotice count={loaderData.demo} /> : null}
      {/* Shown when something waits (or could not be checked): an empty list is no news. */}
      {loaderData.review === "failed" || (loaderData.review?.length ?? 0) > 0 ? <ReviewList entries={loaderData.review!} /> : null}
      {loaderData.consent === "failed" || (loaderData.consent?.length ?? 0) > 0 ? <ConsentReviewList photos={loaderData.consent!} /> : null}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {SECTIONS.map(({ key, to, title, text, Icon }) => {
          const count = loaderData.counts[key];
          return (
            <li key={key}>
              <Link
                to={to}
                className="flex h-full gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-card transition-colors hover:border-clay/40 hover:bg-sand/30"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-sage-light text-sage">
                  <Icon size={24} />
                </span>
                <span className="min-w-0">
                  <span className="block text-lg font-semibold text-ink">{at(title)}</span>
                  <span className="mt-1 block text-sm text-muted">{at(text)}</span>
                  {count !== null ? (
                    <span className="mt-2 inline-block rounded-full bg-sand px-2.5 py-0.5 text-sm font-medium text-ink">
                      {at("dashboard.count", { count })}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** One entry of a kind, named as the consent page names where a photo is used. */
const REVIEW_KIND_LABELS: Record<KindKey, AdminMessageKey> = {
  blog: "consent.use.blog",
  image: "consent.use.image-gallery",
  video: "consent.use.video-gallery",
  team: "consent.use.team-member",
  giving: "giving.title",
};

/** What a Manager has to review (posts, gallery items, team members): each opens its edit form, where they read and publish it. */
function ReviewList({ entries }: { entries: EntryForReview[] | "failed" }) {
  const at = useAt();
  return (
    <section aria-labelledby="review-list" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <h2 id="review-list" className="font-sans text-lg font-semibold text-ink">
        {at("dashboard.reviewTitle")}
      </h2>
      {entries === "failed" ? (
        <p className="mt-1 text-ink">{at("dashboard.reviewFailed")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-amber-200">
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`} className="py-2">
              <span className="mr-2 text-sm text-muted">{at(REVIEW_KIND_LABELS[entry.kind])}</span>
              <Link to={entry.href} className="font-semibold break-words text-clay hover:underline">
                {entry.title}
              </Link>
              {entry.by ? <span className="ml-2 text-sm text-muted">{at("dashboard.reviewBy", { name: entry.by })}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Thumbnails of the consent list: small enough for a row on a 360 px phone. */
const THUMB_WIDTH = 64;

/** A Manager's photos of children whose consent is due for review or has expired, soonest first. */
function ConsentReviewList({ photos }: { photos: PhotoConsent[] | "failed" }) {
  const at = useAt();
  return (
    <section aria-labelledby="consent-review-list" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <h2 id="consent-review-list" className="font-sans text-lg font-semibold text-ink">
        {at("consent.reviewTitle")}
      </h2>
      {photos === "failed" ? (
        <p className="mt-1 text-ink">{at("consent.reviewFailed")}</p>
      ) : (
        <>
          <p className="mt-1 max-w-prose text-ink">{at("consent.reviewIntro")}</p>
          <ul className="mt-2 divide-y divide-amber-200" data-testid="consent-review">
            {photos.map((photo) => {
              const reviewOn = formatDate(photo.record?.reviewOn, at.locale);
              return (
                <li key={photo.name} className="flex items-center gap-3 py-2">
                  <SizedImage
                    src={photo.url}
                    shownWidth={THUMB_WIDTH}
                    alt=""
                    className="size-16 shrink-0 rounded-lg border border-amber-200 bg-sand object-cover"
                  />
                  <div className="min-w-0">
                    <Link to={consentHref(photo.name, "/dashboard")} className="font-semibold break-all text-clay hover:underline">
                      {photo.name}
                    </Link>
                    <p className="mt-1 flex flex-wrap items-center gap-2">
                      <ConsentBadge state={photo.state} />
                      {reviewOn ? <span className="text-sm text-muted">{at("consent.reviewBy", { date: reviewOn })}</span> : null}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** The demo entries still on the site, and the way to remove them (after a confirmation). */
function DemoContentNotice({ count }: { count: number }) {
  const at = useAt();
  const confirm = useConfirmParam(REMOVE_DEMO);
  const title = count === 1 ? at("dashboard.demoTitleOne") : at("dashboard.demoTitle", { count });
  return (
    <section aria-labelledby="demo-content" className="mt-6 rounded-2xl border border-saffron bg-saffron-light p-5">
      <h2 id="demo-content" className="font-sans text-lg font-semibold text-ink">
        {title}
      </h2>
      <p className="mt-1 max-w-prose text-ink">{at("dashboard.demoText")}</p>
      <Link
        to={`?${REMOVE_DEMO}=1`}
        preventScrollReset
        replace
        onClick={(event) => {
          event.preventDefault();
          confirm.open("1");
        }}
        className="btn mt-4 border border-red-300 bg-white text-red-700 hover:bg-red-50"
      >
        <IconTrash size={18} />
        {at("dashboard.demoRemove")}
      </Link>
      <ConfirmDialog
        open={confirm.value !== null}
        title={at("dashboard.demoConfirmTitle")}
        message={at("dashboard.demoConfirm", { count })}
        confirmLabel={at("dashboard.demoRemove")}
        busyLabel={at("dashboard.demoRemoving")}
        intent={REMOVE_DEMO}
        action="/dashboard"
        cancelHref={confirm.cancelHref}
        onCancel={confirm.close}
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
