import { BlogCardSkeletons } from "~/components/blog/BlogCardSkeleton";
import { Spinner } from "~/components/ui/Spinner";
import { useT } from "~/lib/i18n";
import { PageBanner } from "./PageBanner";
import type { PendingKind } from "./pending";

export { PENDING_KINDS, pendingKind, type PendingKind } from "./pending";

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
