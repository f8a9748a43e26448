import { useEffect, useRef, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { ErrorAlert, Loading, Notice } from "~/components/admin/Feedback";
import {
  IconChevronDown,
  IconClose,
  IconDashboard,
  IconExternal,
  IconFileText,
  IconGallery,
  IconHeart,
  IconImage,
  IconLock,
  IconLogout,
  IconMenu,
  IconShield,
  IconSliders,
  IconUser,
  IconUsers,
  IconVideo,
} from "~/components/ui/icons";
import { useFocusTrap } from "~/components/ui/dialog/use-focus-trap";
import { fetchCurrentUser } from "~/lib/admin/items.server";
import { pendingLabel } from "~/lib/admin/pending";
import { parseId } from "~/lib/admin/kinds";
import { adminTranslator, AdminLocaleProvider, useAt } from "~/lib/admin/messages";
import { cookieMaxAgeFor, readJwtClaims, requireStaff, sessionStorage } from "~/lib/admin/session.server";
import { translator } from "~/lib/i18n";

// Admin pages are per person and change all the time: never cached anywhere. Child
// routes inherit this (React Router uses the parent's headers when a route has none).
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // /blogs/{anything} matches the admin blog route: a non-numeric id is not ours to guard.
  if (params.id !== undefined && parseId(params.id) === null) {
    throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const staff = await requireStaff(request);
  // Proves the token is still good (a 401 ends the session) and names the user.
  const user = await fetchCurrentUser(request, staff);
  const notice = staff.session.get("notice") ?? null;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  // The CMS keeps the person's admin language; the session keeps a copy for actions, brought up
  // to date here when it was changed on another device.
  const adminLocale = user?.adminLanguage ?? staff.locale;
  if (adminLocale !== staff.locale) staff.session.set("adminLocale", adminLocale);
  if (notice || adminLocale !== staff.locale) {
    const claims = readJwtClaims(staff.token) ?? {};
    headers["Set-Cookie"] = await sessionStorage.commitSession(staff.session, { maxAge: cookieMaxAgeFor(claims) });
  }
  return data(
    {
      // People are named by their display name; until they set one, by their e-mail.
      user: user
        ? {
            id: user.id,
            name: user.displayName,
            email: user.email,
            isManager: user.role === "manager",
            publishesOwnWork: user.publishesOwnWork,
          }
        : null,
      notice,
      adminLocale,
    },
    { headers },
  );
}

// Every navigation re-checks the session with the CMS (and picks up flash notices).
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, notice, adminLocale } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? pendingLabel(navigation.location.pathname, adminTranslator(adminLocale))
      : null;

  return (
    <AdminLocaleProvider value={adminLocale}>
      <AdminShell userName={user ? (user.name ?? user.email) : null} isManager={user?.isManager ?? false}>
        {notice ? (
          <div className="mb-6">
            <Notice>{notice}</Notice>
          </div>
        ) : null}
        {pending ? <Loading label={pending} /> : <Outlet />}
      </AdminShell>
    </AdminLocaleProvider>
  );
}

function AdminShell({ userName, isManager, children }: { userName: string | null; isManager: boolean; children: React.ReactNode }) {
  const at = useAt();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const drawer = useRef<HTMLDivElement>(null);
  const galleryActive = location.pathname.startsWith("/gallery/");
  const [galleryOpen, setGalleryOpen] = useState(true);

  // A followed link closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.key]);
  useFocusTrap(drawer, drawerOpen, () => setDrawerOpen(false));

  const navItem = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium transition-colors ${
      isActive ? "bg-sage-light text-sage font-semibold" : "text-ink hover:bg-sand"
    }`;

  const nav = (
    <>
      <nav aria-label={at("nav.label")} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          <li>
            <NavLink to="/dashboard" className={navItem}>
              <IconDashboard />
              {at("nav.dashboard")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/teams" className={navItem}>
              <IconUsers />
              {at("nav.teams")}
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              aria-expanded={galleryOpen}
              aria-controls="admin-gallery-links"
              onClick={() => setGalleryOpen((open) => !open)}
              className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left font-medium hover:bg-sand ${
                galleryActive ? "text-sage" : "text-ink"
              }`}
            >
              <IconGallery />
              <span className="flex-1">{at("nav.gallery")}</span>
              <IconChevronDown className={`transition-transform ${galleryOpen ? "rotate-180" : ""}`} size={18} />
            </button>
            <ul id="admin-gallery-links" hidden={!galleryOpen} className="mt-1 space-y-1 pl-6">
              <li>
                <NavLink to="/gallery/images" className={navItem}>
                  <IconImage size={18} />
                  {at("nav.images")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/gallery/videos" className={navItem}>
                  <IconVideo size={18} />
                  {at("nav.videos")}
                </NavLink>
              </li>
            </ul>
          </li>
          <li>
            <NavLink
              to="/bloglist"
              className={({ isActive }) => navItem({ isActive: isActive || location.pathname.startsWith("/blogs/") })}
            >
              <IconFileText />
              {at("nav.blogs")}
            </NavLink>
          </li>
          {isManager ? (
            <>
              <li>
                <NavLink to="/giving" className={navItem}>
                  <IconHeart />
                  {at("nav.giving")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/settings" className={navItem}>
                  <IconSliders />
                  {at("nav.settings")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/page-texts" className={navItem}>
                  <IconFileText />
                  {at("nav.pages")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/child-names" className={navItem}>
                  <IconLock />
                  {at("nav.childNames")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/staff" className={navItem}>
                  <IconShield />
                  {at("nav.staff")}
                </NavLink>
              </li>
            </>
          ) : null}
          <li>
            <NavLink to="/account" className={navItem}>
              <IconUser />
              {at("nav.account")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="border-t border-sand-200 px-3 py-4">
        {userName ? <p className="mb-3 truncate px-3 text-sm text-muted">{at("nav.signedInAs", { name: userName })}</p> : null}
        <Link to="/" className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium text-ink hover:bg-sand">
          <IconExternal />
          {at("nav.viewSite")}
        </Link>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left font-medium text-red-800 hover:bg-red-50"
          >
            <IconLogout />
            {at("nav.logout")}
          </button>
        </Form>
      </div>
    </>
  );

  return (
    <div className="min-h-dvh bg-cream md:grid md:grid-cols-[15rem_1fr] min-[1280px]:grid-cols-[17rem_1fr]">
      <a
        href="#admin-main"
        className="sr-only z-[60] rounded-full bg-clay px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {at("nav.skip")}
      </a>

      {/* Phones and tablets: a top bar with the menu button; the sidebar is a drawer. */}
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-sand-200 bg-white px-4 py-2 md:hidden">
        <Link to="/dashboard" className="font-serif text-lg font-bold text-clay-dark">
          {at("nav.panel")}
        </Link>
        <a
          href="#admin-drawer"
          role="button"
          aria-expanded={drawerOpen}
          aria-controls="admin-drawer"
          onClick={(event) => {
            event.preventDefault();
            setDrawerOpen(true);
          }}
          onKeyDown={(event) => {
            // A link acting as a button also opens with the space bar.
            if (event.key === " ") {
              event.preventDefault();
              setDrawerOpen(true);
            }
          }}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-sand-200 px-3 font-semibold text-ink hover:bg-sand"
        >
          <IconMenu />
          {at("nav.menu")}
        </a>
      </header>

      {drawerOpen ? (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-night/50 md:hidden" onClick={() => setDrawerOpen(false)} />
      ) : null}

      {/* The sidebar's column: white and bordered the whole height of a long page, while the
          menu inside it stays in view (sticky). On phones the drawer is fixed and this box is
          not there (display: contents). */}
      <div className="contents md:block md:border-r md:border-sand-200 md:bg-white">
        {/* Without JavaScript the menu link targets #admin-drawer, and :target shows it. */}
        <div
          id="admin-drawer"
          ref={drawer}
          role={drawerOpen ? "dialog" : undefined}
          aria-modal={drawerOpen ? true : undefined}
          aria-label={drawerOpen ? at("nav.menu") : undefined}
          tabIndex={-1}
          className={`${drawerOpen ? "flex" : "hidden"} fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] flex-col bg-white shadow-2xl outline-none target:flex md:sticky md:top-0 md:z-auto md:flex md:h-dvh md:w-auto md:max-w-none md:shadow-none`}
        >
          <div className="flex items-center justify-between border-b border-sand-200 px-5 py-4">
            <Link to="/dashboard" className="font-serif text-xl font-bold text-clay-dark">
              {at("nav.panel")}
            </Link>
            <a
              href="#admin-main"
              role="button"
              aria-label={at("nav.closeMenu")}
              onClick={(event) => {
                event.preventDefault();
                setDrawerOpen(false);
              }}
              className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-sand md:hidden"
            >
              <IconClose />
            </a>
          </div>
          {nav}
        </div>
      </div>

      <main id="admin-main" tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:px-6 md:py-10 min-[1280px]:px-10">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}

// Reached when the layout's own loader failed (a non-numeric id, or something unexpected):
// no session data, so no sidebar.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const at = useAt();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = translator();
  return (
    <main id="admin-main" className="container-page flex min-h-dvh flex-col items-center justify-center gap-6 py-16 text-center">
      <title>{notFound ? t("notFound.title") : at("common.errorTitle")}</title>
      <h1 className="text-3xl font-bold text-clay-dark">{notFound ? t("notFound.title") : at("common.errorTitle")}</h1>
      {notFound ? <p className="max-w-prose text-muted">{t("notFound.text")}</p> : <ErrorAlert>{at("common.errorText")}</ErrorAlert>}
      <Link to={notFound ? "/" : "/dashboard"} className="btn btn-primary">
        {notFound ? t("common.backHome") : at("nav.dashboard")}
      </Link>
    </main>
  );
}
