// POST /admin/save/{kind} (create) and /admin/save/{kind}/{id} (update): where the admin
// forms upload with XMLHttpRequest, so the browser can show real upload progress. Answers
// JSON: {ok: true, redirectTo} or {ok: false, message, errors}. Without JavaScript the
// forms post to their own page instead (same saveItem, same checks).
import type { Route } from "./+types/save";
import { isKindKey, parseId } from "~/lib/admin/kinds";
import { adminTranslator } from "~/lib/admin/messages";
import { isSameOrigin } from "~/lib/admin/origin.server";
import { requireEditorOf } from "~/lib/admin/kind-access.server";
import { requestLocale } from "~/lib/admin/session.server";
import { saveItem } from "~/lib/admin/upload.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { UPLOAD_ROUTE } from "~/lib/request-body";

// Multipart uploads, streamed to disk under their own limits (app/lib/request-body.ts).
export const handle = UPLOAD_ROUTE;

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", ...NO_STORE_HEADERS } });
}

export async function action({ request, params }: Route.ActionArgs) {
  const at = adminTranslator(await requestLocale(request));
  const kind = params.kind;
  const id = params.id === undefined ? undefined : parseId(params.id);
  if (!isKindKey(kind) || id === null) {
    return Response.json({ ok: false, message: at("common.notFound") }, { status: 404, headers: NO_STORE_HEADERS });
  }
  if (!isSameOrigin(request)) {
    return Response.json({ ok: false, message: at("common.forbidden") }, { status: 403, headers: NO_STORE_HEADERS });
  }
  try {
    const staff = await requireEditorOf(request, kind);
    const result = await saveItem(request, staff, kind, id);
    if (result.ok) {
      return Response.json(
        { ok: true, redirectTo: result.redirectTo },
        { headers: { ...NO_STORE_HEADERS, "Set-Cookie": result.setCookie } },
      );
    }
    return Response.json(
      { ok: false, message: result.message, errors: result.errors, conflict: result.conflict },
      { status: result.status, headers: NO_STORE_HEADERS },
    );
  } catch (thrown) {
    // The guard's or a 401's redirect to /login: tell the page where to go (the session
    // cookie is cleared by the same response).
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(NO_STORE_HEADERS);
      for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return Response.json(
        { ok: false, message: at("common.sessionExpired"), redirectTo: thrown.headers.get("Location") ?? "/login" },
        { status: 401, headers },
      );
    }
    throw thrown;
  }
}
