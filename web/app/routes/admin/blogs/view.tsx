import { data, Link } from "react-router";
import type { Route } from "./+types/view";
import { DetailScreen } from "~/components/admin/DetailScreen";
import { NepaliSection } from "~/components/admin/NepaliSection";
import { IconExternal } from "~/components/admin/icons";
import { AdminRouteError, adminMeta, formatDate } from "~/components/admin/Page";
import { getItem } from "~/lib/admin/items.server";
import { parseId } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import { getNepali } from "~/lib/admin/nepali.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { requireStaff } from "~/lib/admin/session.server";
import { renderMarkdown } from "~/lib/markdown/markdown.server";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData?.item?.title ?? at("blogs.title"));

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const id = parseId(params.id);
  const [result, nepali] = await Promise.all([
    getItem(request, staff, "blog", id),
    // The Nepali version too, if any.
    id ? getNepali(request, staff, "blog", id) : Promise.resolve(null),
  ]);
  // Rendered and sanitised on the server, exactly as the public blog page does it.
  const [{ html }, { html: nepaliHtml }] = await Promise.all([
    renderMarkdown(result.item?.content ?? "", `blog ${id} (en)`),
    renderMarkdown(nepali?.exists ? (nepali.values.content ?? "") : "", `blog ${id} (ne)`),
  ]);
  const status = result.notFound ? 404 : result.error ? 503 : 200;
  return data({ ...result, html, nepali, nepaliHtml }, { status, headers: NO_STORE_HEADERS });
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const post = loaderData.item;
  const created = formatDate(post?.created_at);
  return (
    <DetailScreen
      kind="blog"
      id={post?.id ?? null}
      name={post?.title ?? ""}
      found={Boolean(post)}
      notFound={loaderData.notFound}
      error={loaderData.error}
      back={{ label: at("blogs.back") }}
      lastEdit={post?.lastEdit}
    >
      {post ? (
        <article className="overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-card">
          {post.mediaUrl ? <img src={post.mediaUrl} alt="" className="max-h-[50vh] w-full object-cover" /> : null}
          <div className="p-6 sm:p-8">
            <h1 className="text-2xl font-bold text-ink sm:text-4xl">{post.title}</h1>
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-muted">
              <span>{at("blogs.by", { author: post.author })}</span>
              {created ? <span>{at("blogs.created", { date: created })}</span> : null}
            </p>
            <div className="prose-warm mt-6" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
            <p className="mt-8">
              <Link to={`/blogs/details/${post.id}`} className="inline-flex items-center gap-2 font-semibold text-clay hover:underline">
                <IconExternal size={18} />
                {at("blogs.viewPublic")}
              </Link>
            </p>
          </div>
        </article>
      ) : null}
      {post ? <NepaliSection kind="blog" id={post.id} nepali={loaderData.nepali} html={loaderData.nepaliHtml} /> : null}
    </DetailScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />;
}
