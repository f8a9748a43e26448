import { Link } from "react-router";
import { contentLang, FallbackNotice } from "~/components/site/LanguageSwitch";
import { Img } from "~/components/ui/Img";
import { IconCalendar, IconChevronLeft, IconUser } from "~/components/ui/icons";
import type { BlogView } from "~/lib/content/types";
import { useLocale, useLocalizePath, useT } from "~/lib/i18n";
import { formatBsAd } from "~/lib/i18n/bs-date";

/** A post as visitors see it: its public page, and the staff preview of a draft (the same markup). */
export function BlogArticle({ blog }: { blog: BlogView }) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalizePath();
  // No Nepali version yet: the English text, marked as such, with a notice (ADR 005).
  const lang = contentLang(blog);
  return (
    <article className="pb-16">
      <header className="bg-sand/60">
        <div className="container-page max-w-4xl pt-8 pb-10 sm:pt-10">
          <Link to={href("/blogs")} className="inline-flex items-center gap-1 text-sm font-semibold text-clay hover:underline">
            <IconChevronLeft size={16} />
            {t("blog.back")}
          </Link>
          {lang ? <FallbackNotice className="mt-4" /> : null}
          <h1 lang={lang} className="mt-4 text-3xl font-bold text-ink sm:text-4xl lg:text-5xl">
            {blog.title}
          </h1>
          <dl className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-muted">
            <div className="flex items-center gap-2">
              <dt>
                <IconUser size={18} />
                <span className="sr-only">{t("blog.author")}</span>
              </dt>
              <dd>{blog.author}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt>
                <IconCalendar size={18} />
                <span className="sr-only">{t("blog.published")}</span>
              </dt>
              <dd>
                {/* BS date, then AD in brackets; Devanagari on Nepali pages. */}
                <time dateTime={blog.createdAt}>{formatBsAd(blog.createdAt, locale)}</time>
              </dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container-page max-w-4xl">
        {blog.image ? (
          <Img
            image={blog.image}
            sizes="(min-width: 900px) 848px, calc(100vw - 2rem)"
            shown={[320, 860]}
            priority
            className="-mt-2 w-full rounded-2xl object-cover shadow-card sm:mt-6"
          />
        ) : null}
        <div
          lang={lang}
          className="prose-warm mx-auto mt-10 max-w-[68ch]"
          data-testid="blog-content"
          dangerouslySetInnerHTML={{ __html: blog.contentHtml }}
        />
      </div>
    </article>
  );
}
