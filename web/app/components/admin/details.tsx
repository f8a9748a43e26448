import { Link } from "react-router";
import type { BlogPost, GalleryImage, GalleryVideo, ItemByKind, KindKey, TeamMember } from "~/lib/admin/kinds";
import { videoStatusNote } from "~/lib/admin/kinds/video";
import { useAt } from "~/lib/admin/messages";
import { IconExternal } from "~/components/ui/icons";
import { formatDate, formatJoinedAt } from "./Page";
import { SizedImage, sizedPoster } from "./SizedImage";
import { STATUS_LABELS } from "~/lib/admin/review";

/** The widest a detail page's picture is shown (its column), in CSS pixels. */
const DETAIL_WIDTH = 960;

/** How each kind shows one item on its detail page (the frame, Nepali part and actions are DetailScreen's). */
export function KindDetail({ kind, item, html }: { kind: KindKey; item: ItemByKind[KindKey]; html: Record<string, string> }) {
  switch (kind) {
    case "team":
      return <TeamMemberDetail member={item as TeamMember} />;
    case "image":
      return <ImageDetail image={item as GalleryImage} />;
    case "video":
      return <VideoDetail video={item as GalleryVideo} />;
    case "blog":
      return <BlogPostDetail post={item as BlogPost} html={html.content ?? ""} />;
  }
}

function TeamMemberDetail({ member }: { member: TeamMember }) {
  const at = useAt();
  return (
    <article className="rounded-2xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
      <div className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
        <SizedImage
          src={member.photoUrl ?? "/avatar-placeholder.svg"}
          shownWidth={160}
          alt={at("common.photoOf", { name: member.name })}
          width={160}
          height={160}
          className="size-40 shrink-0 rounded-full border-4 border-sand object-cover bg-sand"
        />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{member.name}</h1>
          <p className="mt-1 text-lg text-clay-dark">{member.role}</p>
        </div>
      </div>
      <dl className="mt-8 grid gap-6 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-muted">{at("teams.col.bio")}</dt>
        <dd className="whitespace-pre-line text-ink">{member.bio || at("teams.noBio")}</dd>
        <dt className="font-semibold text-muted">{at("teams.col.joinedAt")}</dt>
        <dd className="text-ink">{formatJoinedAt(member.joined_at, at.locale) ?? at("teams.unknown")}</dd>
      </dl>
    </article>
  );
}

function ImageDetail({ image }: { image: GalleryImage }) {
  return (
    <article className="overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-card">
      {image.mediaUrl ? (
        <SizedImage
          src={image.mediaUrl}
          shownWidth={DETAIL_WIDTH}
          alt={image.title}
          className="max-h-[70vh] w-full bg-night/5 object-contain"
        />
      ) : null}
      <div className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{image.title}</h1>
        <p className="mt-3 whitespace-pre-line text-ink">{image.description}</p>
      </div>
    </article>
  );
}

function VideoDetail({ video }: { video: GalleryVideo }) {
  const at = useAt();
  const note = videoStatusNote(video, at);
  return (
    <article className="overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-card">
      {note ? (
        <p
          role="status"
          className={`px-6 py-3 sm:px-8 ${note.tone === "error" ? "bg-red-50 font-semibold text-red-700" : "bg-sand text-ink"}`}
        >
          {note.text}
        </p>
      ) : null}
      {video.mediaUrl ? (
        <video
          src={video.mediaUrl}
          poster={sizedPoster(video.posterUrl, DETAIL_WIDTH)}
          controls
          preload="metadata"
          className="max-h-[70vh] w-full bg-night"
        >
          {at("videos.unsupported")}
        </video>
      ) : null}
      <div className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{video.title}</h1>
        <p className="mt-3 whitespace-pre-line text-ink">{video.description}</p>
      </div>
    </article>
  );
}

/** `html`: the post's Markdown, rendered and sanitised on the server exactly as the public page does it. */
function BlogPostDetail({ post, html }: { post: BlogPost; html: string }) {
  const at = useAt();
  const created = formatDate(post.created_at, at.locale);
  return (
    <article className="overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-card">
      {post.mediaUrl ? (
        <SizedImage src={post.mediaUrl} shownWidth={DETAIL_WIDTH} alt="" className="max-h-[50vh] w-full object-cover" />
      ) : null}
      <div className="p-6 sm:p-8">
        <p data-testid="item-status" className="mb-3 text-sm font-semibold text-clay-dark">
          {at(STATUS_LABELS[post.status])}
        </p>
        <h1 className="text-2xl font-bold text-ink sm:text-4xl">{post.title}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-muted">
          <span>{at("blogs.by", { author: post.author_name ?? post.author })}</span>
          {created ? <span>{at("blogs.created", { date: created })}</span> : null}
        </p>
        <div className="prose-warm mt-6" dangerouslySetInnerHTML={{ __html: html }} />
        <p className="mt-8 flex flex-wrap gap-x-6 gap-y-3">
          {/* A draft is not on the website yet: staff see it as visitors will, in either language. */}
          {post.status === "published" ? (
            <Link to={`/blogs/details/${post.id}`} className="inline-flex items-center gap-2 font-semibold text-clay hover:underline">
              <IconExternal size={18} />
              {at("blogs.viewPublic")}
            </Link>
          ) : null}
          <Link
            to={`/blogs/preview/${post.id}`}
            reloadDocument
            className="inline-flex items-center gap-2 font-semibold text-clay hover:underline"
          >
            <IconExternal size={18} />
            {at("blogs.previewSite")}
          </Link>
          <Link
            to={`/ne/blogs/preview/${post.id}`}
            reloadDocument
            className="inline-flex items-center gap-2 font-semibold text-clay hover:underline"
          >
            <IconExternal size={18} />
            {at("blogs.previewSiteNe")}
          </Link>
        </p>
      </div>
    </article>
  );
}
