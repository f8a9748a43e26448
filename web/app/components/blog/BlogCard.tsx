import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import { IconCalendar } from "~/components/ui/icons";
import type { BlogCardView } from "~/lib/content/types";
import { FallbackBadge } from "~/components/site/LanguageSwitch";
import { useLocale, useLocalizePath, useT } from "~/lib/i18n";
import { formatBsAd } from "~/lib/i18n/bs-date";

/** `eager`: the first cards, above the fold on a phone. */
export function BlogCard({ blog, eager = false }: { blog: BlogCardView; eager?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalizePath();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-sand-200 transition-shadow focus-within:ring-2 focus-within:ring-saffron hover:shadow-lg">
      {blog.image ? (
        <Img
          image={blog.image}
          alt=""
          sizes="(min-width: 1200px) 380px, (min-width: 600px) calc(50vw - 2.25rem), calc(100vw - 2rem)"
          shown={[280, 570]}
          eager={eager}
          className="aspect-[16/10] w-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[16/10] w-full bg-linear-to-br from-saffron-light to-sand" />
      )}
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="flex items-center gap-2 text-sm text-muted">
          <IconCalendar size={16} />
          {/* BS date, then AD in brackets; Devanagari on Nepali pages. */}
          <time dateTime={blog.createdAt}>{formatBsAd(blog.createdAt, locale)}</time>
        </p>
        {blog.fallback ? (
          <p className="mt-2">
            <FallbackBadge />
          </p>
        ) : null}
        <h2 className="mt-2 text-xl font-bold leading-snug" lang={blog.fallback ? "en" : undefined}>
          {/* The whole card is clickable through this link's ::after overlay. */}
          <Link
            to={href(`/blogs/details/${blog.id}`)}
            prefetch="intent"
            className="text-ink after:absolute after:inset-0 hover:text-clay-dark focus-visible:outline-none"
          >
            {blog.title}
          </Link>
        </h2>
        {blog.excerpt ? (
          <p className="mt-3 text-muted" lang={blog.fallback ? "en" : undefined}>
            {blog.excerpt}
          </p>
        ) : null}
        <p className="mt-auto pt-4 text-sm text-muted">{t("blogs.by", { author: blog.author })}</p>
      </div>
    </article>
  );
}
