import { data, redirect } from "react-router";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { AdminCmsError, cmsFailure, staffCall, staffUpload } from "./cms-client.server";
import { baseVersionOf, ifMatch, REPLACE_VERSION_FIELD, VERSION_FIELD, versionOfEtag, type EditConflict } from "./edit-conflict";
import { editConflictOf } from "./edit-conflict.server";
import type { FormActionData } from "./form-action";
import { KINDS, nepaliEditPath, parseId, type KindKey, type NepaliVersion } from "./kinds";
import { returnPathOf, withBack } from "./list-place";
import { requireSameOrigin } from "./origin.server";
import { fieldErrorsOf, nepaliSchema } from "./schemas";
import { requireEditorOf } from "./kind-access.server";
import { flashNotice, type Staff } from "./session.server";

/**
 * The Nepali tab of the edit screens. The CMS keeps a Nepali version of the
 * localised text fields (each kind's `localized`) beside the English item:
 *   GET    /api/{kind}/{id}?locale=ne  the Nepali version (locale "ne"), or the English one
 *                                      (locale "en") while there is none
 *   PUT    /api/{kind}/{id}?locale=ne  creates or updates it (multipart, localised fields only)
 *   DELETE /api/{kind}/{id}?locale=ne  removes it (204; 404 if there is none)
 * A CMS without locales ignores `?locale`: its PUT would overwrite the English text and its
 * DELETE remove the whole item. Its answers carry no `locale`, so every write asks first.
 */

const emptyValues = (kind: KindKey) => Object.fromEntries(KINDS[kind].localized.map((field) => [field, ""]));

export async function getNepali(request: Request, staff: Staff, kind: KindKey, id: number): Promise<NepaliVersion> {
  const empty = emptyValues(kind);
  try {
    const { body, etag } = await staffCall<Record<string, unknown>>(request, staff, `/api/${KINDS[kind].api}/${id}?locale=ne`);
    const version = versionOfEtag(etag);
    if (body.locale !== "ne" && body.locale !== "en") return { supported: false, exists: false, values: empty, error: null };
    if (body.locale === "en") return { supported: true, exists: false, values: empty, error: null, version };
    const values = Object.fromEntries(
      KINDS[kind].localized.map((field) => [field, typeof body[field] === "string" ? (body[field] as string) : ""]),
    );
    return { supported: true, exists: true, values, error: null, version };
  } catch (error) {
    if (error instanceof AdminCmsError) {
      return { supported: true, exists: false, values: empty, error: error.messageOr("nepali.fetchFailed", staff.at) };
    }
    throw error;
  }
}

const WRITE_TIMEOUT_MS = 60_000;

function failure(
  status: number,
  message: string,
  errors: Record<string, string[]>,
  values: Record<string, string>,
  conflict?: EditConflict | null,
  baseVersion?: string | null,
) {
  return data<FormActionData>(
    { message, errors, values, ...(conflict ? { conflict } : {}), ...(baseVersion ? { baseVersion } : {}) },
    { status, headers: NO_STORE_HEADERS },
  );
}

export async function nepaliAction(request: Request, kind: KindKey, rawId: string | undefined) {
  await requireSameOrigin(request);
  const staff = await requireEditorOf(request, kind);
  const id = parseId(rawId);
  if (!id) throw data(null, { status: 404 });
  const config = KINDS[kind];
  const fields = config.localized;
  const path = `/api/${config.api}/${id}?locale=ne`;

  // The tab posts a small urlencoded form: the server bounds that (EDIT_ROUTE in
  // app/lib/request-body.ts) but lets multipart bodies through to this route as uploads, so
  // one must never be read into memory here.
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "")) {
    return failure(415, staff.at("nepali.saveFailed"), {}, emptyValues(kind));
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failure(400, staff.at("nepali.saveFailed"), {}, emptyValues(kind));
  }
  const values = Object.fromEntries(
    fields.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  );
  const removing = form.get("intent") === "delete";
  const openedVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD) });
  const baseVersion = baseVersionOf({ [VERSION_FIELD]: form.get(VERSION_FIELD), [REPLACE_VERSION_FIELD]: form.get(REPLACE_VERSION_FIELD) });

  // Never write to a CMS that would take this for the English item (see above).
  const current = await getNepali(request, staff, kind, id);
  if (current.error) return failure(502, current.error, {}, values);
  if (!current.supported) return failure(503, staff.at("nepali.unsupported"), {}, values);

  if (removing) {
    try {
      await staffCall(request, staff, path, { method: "DELETE", timeoutMs: WRITE_TIMEOUT_MS });
    } catch (error) {
      if (!(error instanceof AdminCmsError)) throw error;
      // 404: there was no Nepali version (any more): what was asked for holds.
      if (error.status !== 404) return failure(502, error.messageOr("nepali.removeFailed", staff.at), {}, values);
    }
    return redirect(withBack(nepaliEditPath(kind, id), returnPathOf(kind, backOf(request)), kind), {
      headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, staff.at("nepali.removed")) },
    });
  }

  const parsed = nepaliSchema(kind).safeParse(values);
  if (!parsed.success) {
    return failure(400, staff.at("common.fixErrors"), fieldErrorsOf(parsed.error, staff.at), values, null, openedVersion);
  }
  const clean = parsed.data as Record<string, string>;

  let waitsForReview = false;
  try {
    const saved = await staffUpload<{ status?: unknown }>(request, staff, path, {
      method: "PUT",
      fields: fields.map((field): [string, string] => [field, clean[field] ?? ""]),
      headers: ifMatch(baseVersion),
      timeoutMs: WRITE_TIMEOUT_MS,
    });
    // A published post's new text from someone who may not publish it went to a Manager.
    waitsForReview = saved.body?.status === "submitted";
  } catch (error) {
    if (!(error instanceof AdminCmsError)) throw error;
    const conflict = editConflictOf(error, fields);
    if (conflict) return failure(409, staff.at("conflict.notSaved"), {}, values, conflict, openedVersion);
    const { status, message, errors } = cmsFailure(error, { failure: "nepali.saveFailed", notFound: config.messages.notFound }, staff.at);
    return failure(status, message, errors, values, null, openedVersion);
  }
  return redirect(withBack(nepaliEditPath(kind, id), returnPathOf(kind, backOf(request)), kind), {
    headers: {
      ...NO_STORE_HEADERS,
      "Set-Cookie": await flashNotice(
        staff.session,
        staff.at(waitsForReview ? (kind === "blog" ? "nepali.savedForReview" : "review.savedForReview") : "nepali.saved"),
      ),
    },
  });
}

/** The list place the edit screen was opened from (its `?back=`). */
const backOf = (request: Request) => new URL(request.url).searchParams.get("back");
