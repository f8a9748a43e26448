import { Pager } from "~/components/ui/Pager";
import { formatNumber, type T, useLocale, useLocalizePath, useT } from "~/lib/i18n";

/**
 * The page links of a public list, in the page's language (Nepali digits on /ne). `pathOf`
 * gives a page's path in English (`/blogs?page=2`); the links are made for the page's language.
 */
export function PublicPager({ page, pageCount, pathOf }: { page: number; pageCount: number; pathOf: (page: number) => string }) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalizePath();
  return (
    <Pager
      current={page}
      pageCount={pageCount}
      hrefOf={(target) => href(pathOf(target))}
      texts={{
        label: t("pager.label"),
        previous: t("pager.previous"),
        next: t("pager.next"),
        page: (target) => t("pager.page", { page: target }),
        number: (target) => formatNumber(target, locale),
      }}
    />
  );
}

/** A list page's title: "Blogs", then "Blogs – page 2" (each page its own title). */
export function titleWithPage(t: T, title: string, page: number): string {
  return page > 1 ? t("pager.title", { title, page }) : title;
}
