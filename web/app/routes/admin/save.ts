// POST /admin/save/{kind} (create) and /admin/save/{kind}/{id} (update): where the admin
// forms upload with XMLHttpRequest, so the browser can show real upload progress. Answers
// JSON: {ok: true, redirectTo} or {ok: false, message, errors}. Without JavaScript the
// forms post to their own page instead (same saveItem, same checks).
// `/admin/save/{kind}/{id}?lang=ne` is the Nepali tab's save: the same action as its page's,
// answered in JSON, so a lost connection is the form's to report and what was typed stays.
import type { Route } from "./+types/save";
import { isKindKey, langOf, parseId } from "~/lib/admin/kinds";
import type { FormActionData } from "~/lib/admin/form-action";
import { adminTranslator } from "~/lib/admin/messages";
import { isSameOrigin } from "~/lib/admin/origin.server";
import { requireEditorOf } from "~/lib/admin/kind-access.server";
import { requestLocale } from "~/lib/admin/session.server";
import { nepaliAction } from "~/lib/admin/nepali.server";
import { saveItem } from "~/lib/admin/upload.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { EDIT_ROUTE } from "~/lib/request-body";

// Multipart uploads, streamed to disk under their own limits, or the Nepali tab's urlencoded
// form (app/lib/request-body.ts).
export const handle = EDIT_ROUTE;

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
    if (langOf(request) === "ne") {
      if (id === undefined) return Response.json({ ok: false, message: at("common.notFound") }, { status: 404, headers: NO_STORE_HEADERS });
      return asJson(await nepaliAction(request, kind, params.id));
    }
    const staff = await requireEditorOf(request, kind);
    const result = await saveItem(request, staff, kind, id);
    if (result.ok) {
      return Response.json(
        { ok: true, redirectTo: result.redirectTo },
        { headers: { ...NO_STORE_HEADERS, "Set-Cookie": result.setCookie } },
      );
    }
    return Response.json(
      { ok: false, message: result.message, errors: result.errors, conflict: result.conflict, consentPhotos: result.consentPhotos },
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
    const refused = answerOf(thrown);
    if (refused) return Response.json({ ok: false, message: at("common.notFound") }, { status: refused.status, headers: NO_STORE_HEADERS });
    throw thrown;
  }
}

/** A page action's answer (`data(...)`, or a `redirect`) as this endpoint's JSON. */
function asJson(answer: Response | { data: FormActionData; init?: ResponseInit | null }): Response {
  if (answer instanceof Response) {
    const headers = new Headers(NO_STORE_HEADERS);
    for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return Response.json({ ok: true, redirectTo: answer.headers.get("Location") ?? "/" }, { headers });
  }
  const { message, errors, conflict } = answer.data;
  return Response.json({ ok: false, message, errors, conflict }, { status: answer.init?.status ?? 500, headers: NO_STORE_HEADERS });
}

/** The status of a `data(null, {status})` a guard threw (a 404 for an unknown item). */
function answerOf(thrown: unknown): { status: number } | null {
  if (typeof thrown !== "object" || thrown === null || !("init" in thrown)) return null;
  const status = (thrown as { init?: ResponseInit | null }).init?.status;
  return typeof status === "number" && status >= 400 ? { status } : null;
}
