import type { Route } from "./+types/blogs-rss";
import { CmsError } from "~/lib/cms.server";
import { getBlogFeed } from "~/lib/content/collections.server";
import { getSiteSettings } from "~/lib/content/site.server";
import { env } from "~/lib/env.server";
import { translator } from "~/lib/i18n";
import { rssPlainText, xmlEscape } from "~/lib/xml";

export async function loader({ request }: Route.LoaderArgs) {
  let feed;
  try {
    const [site, blogs] = await Promise.all([getSiteSettings("en", { signal: request.signal }), getBlogFeed({ signal: request.signal })]);
    feed = { site, blogs };
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    return new Response("Service unavailable", { status: 503, headers: { "Retry-After": "120" } });
  }
  const { site, blogs } = feed;
  const t = translator();
  const base = env.PUBLIC_SITE_URL;
  const items = blogs.map((b) => {
    const link = `${base}/blogs/details/${b.id}`;
    return [
      "    <item>",
      `      <title>${xmlEscape(b.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <pubDate>${new Date(b.createdAt).toUTCString()}</pubDate>`,
      // The writer's name (RSS's own <author> takes only an e-mail address).
      `      <dc:creator>${xmlEscape(b.author)}</dc:creator>`,
      `      <description>${rssPlainText(b.excerpt)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${xmlEscape(t("blogs.rssTitle", { name: site.name }))}</title>`,
    `    <link>${xmlEscape(`${base}/blogs`)}</link>`,
    `    <atom:link href="${xmlEscape(`${base}/blogs/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${rssPlainText(site.tagline || site.aboutText)}</description>`,
    "    <language>en</language>",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
