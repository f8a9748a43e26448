import { env } from "~/lib/env.server";

// Staff pages are no business of search engines (they also require a login).
const PRIVATE_PATHS = ["/login", "/dashboard", "/teams", "/bloglist", "/gallery/images", "/gallery/videos", "/blogs/new", "/blogs/edit/"];

export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${env.PUBLIC_SITE_URL}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
