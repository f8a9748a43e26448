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

    // ── ADMIN (issue 4): /login belongs inside this public layout, e.g.
    //    route("login", "routes/admin/login.tsx"),
    // ──────────────────────────────────────────────────────────────────────────────

    // Any other path: 404 page (keep last in this list).
    route("*", "routes/public/not-found.tsx"),
  ]),

  // ── Resource routes (no HTML layout) ────────────────────────────────────────────
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("blogs/rss.xml", "routes/resources/blogs-rss.ts"),

  // ── ADMIN (issue 4): staff routes with the sidebar layout go here, e.g.
  //    layout("routes/admin/layout.tsx", [
  //      route("dashboard", "routes/admin/dashboard.tsx"),
  //      route("teams", "routes/admin/teams.tsx"), ...
  //    ]),
  //    Note: /blogs/new, /blogs/edit/:id and /blogs/:id are admin paths; React Router
  //    ranks static segments first, so they coexist with /blogs/details/:id and
  //    /blogs/rss.xml above.
  // ──────────────────────────────────────────────────────────────────────────────
] satisfies RouteConfig;
