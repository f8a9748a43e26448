import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { KIND_PATHS, KIND_SCREENS } from "./lib/admin/kinds/paths";

export default [
  // ── Public site: header + footer layout ──────────────────────────
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("objectives", "routes/public/objectives.tsx"),
    route("current-committee", "routes/public/committee.tsx"),
    route("organization", "routes/public/organization.tsx"),
    route("blogs", "routes/public/blogs.tsx"),
    route("blogs/details/:id", "routes/public/blog-details.tsx"),
    // A post as visitors will see it, drafts included: for signed-in staff only.
    route("blogs/preview/:id", "routes/public/blog-preview.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("gallery", "routes/public/gallery.tsx"),
    route("donate", "routes/public/donate.tsx"),

    // ── ADMIN: staff login, inside the public layout ─────────────────────
    route("login", "routes/admin/login.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password/:token", "routes/admin/reset-password.tsx"),
    // ──────────────────────────────────────────────────────────────────────────────

    // Any other path: 404 page (keep last in this list).
    route("*", "routes/public/not-found.tsx"),
  ]),

  // ── Nepali (ADR 005): the same public pages under /ne, ids prefixed "ne/". The
  //    language comes from the path (app/lib/i18n/paths.ts). /login and the admin stay English.
  route("ne", "routes/public/layout.tsx", { id: "ne/layout" }, [
    index("routes/public/home.tsx", { id: "ne/home" }),
    route("objectives", "routes/public/objectives.tsx", { id: "ne/objectives" }),
    route("current-committee", "routes/public/committee.tsx", { id: "ne/committee" }),
    route("organization", "routes/public/organization.tsx", { id: "ne/organization" }),
    route("blogs", "routes/public/blogs.tsx", { id: "ne/blogs" }),
    route("blogs/details/:id", "routes/public/blog-details.tsx", { id: "ne/blog-details" }),
    route("blogs/preview/:id", "routes/public/blog-preview.tsx", { id: "ne/blog-preview" }),
    route("contact", "routes/public/contact.tsx", { id: "ne/contact" }),
    route("gallery", "routes/public/gallery.tsx", { id: "ne/gallery" }),
    route("donate", "routes/public/donate.tsx", { id: "ne/donate" }),
    // Any other /ne/... path: the Nepali 404 page.
    route("*", "routes/public/not-found.tsx", { id: "ne/not-found" }),
  ]),

  // ── Resource routes (no HTML layout) ────────────────────────────────────────────
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/:file", "routes/resources/sitemap-file.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("blogs/rss.xml", "routes/resources/blogs-rss.ts"),

  // ── ADMIN: staff routes with the sidebar layout ───────
  //    /blogs/new, /blogs/edit/:id and /blogs/:id are admin paths; React Router ranks
  //    static segments first, so they coexist with /blogs/details/:id and /blogs/rss.xml.
  route("logout", "routes/admin/logout.ts"),
  // Upload endpoint of the admin forms (XHR with progress) and the blog preview.
  route("admin/save/:kind/:id?", "routes/admin/save.ts"),
  route("admin/preview", "routes/admin/preview.ts"),
  route("admin/post-photos", "routes/admin/post-photos.ts"),
  layout("routes/admin/layout.tsx", [
    route("dashboard", "routes/admin/dashboard.tsx"),
    // Each kind of content's list, create, detail and edit screens, at its URLs (kinds/paths.ts).
    ...Object.entries(KIND_PATHS).flatMap(([kind, paths]) =>
      KIND_SCREENS.map((screen) => route(paths[screen].slice(1), `routes/admin/content/${screen}.tsx`, { id: `admin/${kind}/${screen}` })),
    ),
    // Staff accounts (managers only) and each person's own account.
    route("staff", "routes/admin/staff.tsx"),
    route("account", "routes/admin/account.tsx"),
    // The home's own details (managers only).
    route("settings", "routes/admin/settings.tsx"),
    route("page-texts/:page?", "routes/admin/page-texts.tsx"),
    // The children's full names the content forms warn about (managers only; never on the website).
    route("child-names", "routes/admin/child-names.tsx"),
    // Whether a stored photo shows children, and the consent on record for it.
    route("admin/photos/:name/consent", "routes/admin/photo-consent.tsx"),
  ]),
  // ──────────────────────────────────────────────────────────────────────────────
] satisfies RouteConfig;
