import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // ── Public site (spec section 2): header + footer layout ──────────────────────────
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("objectives", "routes/public/objectives.tsx"),
    route("current-committee", "routes/public/committee.tsx"),
    route("organization", "routes/public/organization.tsx"),
    route("blogs", "routes/public/blogs.tsx"),
    route("blogs/details/:id", "routes/public/blog-details.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("gallery", "routes/public/gallery.tsx"),

    // ── ADMIN: staff login, inside the public layout ─────────────────────
    route("login", "routes/admin/login.tsx"),
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
    route("contact", "routes/public/contact.tsx", { id: "ne/contact" }),
    route("gallery", "routes/public/gallery.tsx", { id: "ne/gallery" }),
    // Any other /ne/... path: the Nepali 404 page.
    route("*", "routes/public/not-found.tsx", { id: "ne/not-found" }),
  ]),

  // ── Resource routes (no HTML layout) ────────────────────────────────────────────
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("blogs/rss.xml", "routes/resources/blogs-rss.ts"),

  // ── ADMIN: staff routes (spec section 2) with the sidebar layout ───────
  //    /blogs/new, /blogs/edit/:id and /blogs/:id are admin paths; React Router ranks
  //    static segments first, so they coexist with /blogs/details/:id and /blogs/rss.xml.
  route("logout", "routes/admin/logout.ts"),
  // Upload endpoint of the admin forms (XHR with progress) and the blog preview.
  route("admin/save/:kind/:id?", "routes/admin/save.ts"),
  route("admin/preview", "routes/admin/preview.ts"),
  layout("routes/admin/layout.tsx", [
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("teams", "routes/admin/teams/list.tsx"),
    route("teams/new", "routes/admin/teams/new.tsx"),
    route("teams/:id", "routes/admin/teams/view.tsx"),
    route("teams/:id/edit", "routes/admin/teams/edit.tsx"),
    route("gallery/images", "routes/admin/images/list.tsx"),
    route("gallery/images/new", "routes/admin/images/new.tsx"),
    route("gallery/images/:id", "routes/admin/images/view.tsx"),
    route("gallery/images/:id/edit", "routes/admin/images/edit.tsx"),
    route("gallery/videos", "routes/admin/videos/list.tsx"),
    route("gallery/videos/new", "routes/admin/videos/new.tsx"),
    route("gallery/videos/:id", "routes/admin/videos/view.tsx"),
    route("gallery/videos/:id/edit", "routes/admin/videos/edit.tsx"),
    route("bloglist", "routes/admin/blogs/list.tsx"),
    route("blogs/new", "routes/admin/blogs/new.tsx"),
    route("blogs/edit/:id", "routes/admin/blogs/edit.tsx"),
    route("blogs/:id", "routes/admin/blogs/view.tsx"),
  ]),
  // ──────────────────────────────────────────────────────────────────────────────
] satisfies RouteConfig;
