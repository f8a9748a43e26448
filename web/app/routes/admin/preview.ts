// POST /admin/preview {content}: the blog Markdown rendered and sanitised exactly as the
// public blog page will show it (for the editor's Preview tab), on the same workers and within
// the same time limit (past it: the text as the page would show it, escaped).
import type { Route } from "./+types/preview";
import { adminTranslator } from "~/lib/admin/messages";
import { isSameOrigin } from "~/lib/admin/origin.server";
import { requestLocale, requireStaff } from "~/lib/admin/session.server";
import type { BodyHandle } from "~/lib/request-body";
import { servePostPhotos } from "~/lib/markdown/post-photos.server";
import { renderMarkdown } from "~/lib/markdown/markdown.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";

const MAX_CHARS = 100_000;

// The longest post as JSON (up to 4 bytes a character) and a little framing; a bigger body is
// refused with 413 while it arrives (app/lib/request-body.ts).
export const handle: BodyHandle = { body: { maxBytes: MAX_CHARS * 4 + 1024 } };

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", ...NO_STORE_HEADERS } });
}

export async function action({ request }: Route.ActionArgs) {
  const at = adminTranslator(await requestLocale(request));
  if (!isSameOrigin(request)) {
    return Response.json({ message: at("common.forbidden") }, { status: 403, headers: NO_STORE_HEADERS });
  }
  try {
    await requireStaff(request);
  } catch {
    return Response.json({ message: at("common.sessionExpired") }, { status: 401, headers: NO_STORE_HEADERS });
  }
  let content = "";
  try {
    const body = (await request.json()) as { content?: unknown };
    content = typeof body.content === "string" ? body.content.slice(0, MAX_CHARS) : "";
  } catch {
    return Response.json({ message: at("blogs.previewFailed") }, { status: 400, headers: NO_STORE_HEADERS });
  }
  // Photos as visitors get them: resized through /img.
  const html = await servePostPhotos((await renderMarkdown(content, "preview")).html);
  return Response.json({ html }, { headers: NO_STORE_HEADERS });
}
