import type { Location } from "react-router";
import { BlogCardSkeletons } from "~/components/blog/BlogCardSkeleton";
import { Spinner } from "~/components/ui/Spinner";
import { useT } from "~/lib/i18n";
import { PageBanner } from "./PageBanner";

/**
 * What the main area shows while a client-side navigation waits for its loader
 * (spec section 2 and 8): spinner on committee, 6 placeholders on blogs, and the spec's
 * loading texts on blog details and gallery. Other pages keep showing the current page
 * under the top progress bar.
 */
export type PendingKind = "committee" | "blogs" | "blog" | "images" | "videos";

export function pendingKind(to: Location): PendingKind | null {
  const path = to.pathname.replace(/\/+$/, "") || "/";
  if (path === "/current-committee") return "committee";
  if (path === "/blogs") return "blogs";
  if (/^\/blogs\/details\/[^/]+$/.test(path)) return "blog";
  if (path === "/gallery") return new URLSearchParams(to.search).get("tab") === "videos" ? "videos" : "images";
  return null;
}

export function PendingView({ kind }: { kind: PendingKind }) {
  const t = useT();

  if (kind === "committee") {
    return (
      <>
        <PageBanner title={t("committee.title")} />
        <div className="container-page">
          <Spinner label={t("committee.loading")} />
        </div>
      </>
    );
  }
  if (kind === "blogs") {
    return (
      <>
        <PageBanner title={t("blogs.title")} intro={t("blogs.intro")} />
        <div className="container-page py-12" role="status" aria-label={t("blogs.loading")}>
          <BlogCardSkeletons />
        </div>
      </>
    );
  }
  if (kind === "blog") {
    return (
      <div className="container-page">
        <Spinner label={t("blog.loading")} className="py-32" />
      </div>
    );
  }
  const videos = kind === "videos";
  return (
    <>
      <PageBanner title={t("gallery.title")} intro={t("gallery.intro")} />
      <div className="container-page">
        <Spinner label={videos ? t("gallery.loadingVideos") : t("gallery.loadingImages")} />
      </div>
    </>
  );
}
