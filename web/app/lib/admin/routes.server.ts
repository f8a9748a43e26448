import { data, redirect } from "react-router";
import { getSiteSettings } from "~/lib/content/site.server";
import { NO_STORE_HEADERS } from "~/lib/http-cache";
import { todayInNepal } from "~/lib/i18n/bs-date";
import { renderMarkdown } from "~/lib/markdown/markdown.server";
import type { FormActionData } from "./form-action";
import { requestedPage } from "~/lib/pagination";
import { photoNameOf, photoNamesOfPost, type PostPhoto } from "./consent";
import { childNamesToWarnAbout } from "./child-names.server";
import { photosConsent } from "./consent.server";
import { countItems, deleteItem, getItem, listItems, publicationHistory } from "./items.server";
import { KINDS, langOf, parseId, type ItemByKind, type KindKey } from "./kinds";
import { clampedPlace, listHref, listPlaceOf } from "./list-place";
import { getNepali, nepaliAction } from "./nepali.server";
import { requireSameOrigin } from "./origin.server";
import { requireEditorOf } from "./kind-access.server";
import { flashNotice, type Staff } from "./session.server";
import { saveItem, uploadLimits } from "./upload.server";

/**
 * Loaders and actions of the admin's content screens (routes/admin/content/: one module per
 * screen, serving every kind at its URLs). Every one starts with the guard; every action with the
 * Origin check. Loaders name their kind in what they return, for the screen's component.
 */

/**
 * A list page: one page of items at the URL's place (page and search) and their count, or the
 * error text shown in red in place of the list. A page past the end (the list shrank, or the
 * URL was typed) goes to the last page; a page that cannot exist to the first.
 */
export async function listLoader<K extends KindKey>(request: Request, kind: K) {
  const staff = await requireEditorOf(request, kind);
  const params = new URL(request.url).searchParams;
  const place = listPlaceOf(params);
  if (params.has("page") && requestedPage(params) === null) throw redirect(listHref(kind, place), { headers: NO_STORE_HEADERS });
  const result = await listItems(request, staff, kind, place);
  if (result.count !== null && result.items.length === 0 && place.page > 1) {
    throw redirect(listHref(kind, clampedPlace(place, result.count)), { headers: NO_STORE_HEADERS });
  }
  return data({ ...result, kind, place }, { status: result.error ? 503 : 200, headers: NO_STORE_HEADERS });
}

/**
 * A create page: the upload limits the browser checks, what a new item starts with (today, the
 * home's public e-mail) and the children's full names the form warns about.
 */
export async function newLoader(request: Request, kind: KindKey) {
  const staff = await requireEditorOf(request, kind);
  const [siteEmail, childNames] = await Promise.all([
    getSiteSettings("en", { signal: request.signal }).then(
      (site) => site.email,
      () => "",
    ),
    childNamesToWarnAbout(request, staff),
  ]);
  return data({ kind, limits: uploadLimits(), today: todayInNepal(), siteEmail, childNames }, { headers: NO_STORE_HEADERS });
}

export interface DeleteActionData {
  deleteError: string;
}

/** The list route's action: {intent: "delete", id} after the confirmation dialog. */
export async function deleteAction(request: Request, kind: KindKey) {
  await requireSameOrigin(request);
  const staff = await requireEditorOf(request, kind);
  const config = KINDS[kind];
  // A small urlencoded form (two fields), never an upload.
  const form = await request.formData();
  const id = parseId(String(form.get("id") ?? ""));
  if (form.get("intent") !== "delete" || !id) {
    return data<DeleteActionData>({ deleteError: staff.at("common.somethingWrong") }, { status: 400, headers: NO_STORE_HEADERS });
  }
  const error = await deleteItem(request, staff, kind, id);
  if (error) return data<DeleteActionData>({ deleteError: error }, { status: 502, headers: NO_STORE_HEADERS });
  // Back to the same page and search; when that page held only the deleted item, the one before.
  const place = listPlaceOf(new URL(request.url).searchParams);
  const count = place.page > 1 ? await countItems(request, staff, kind, place.q) : null;
  return redirect(listHref(kind, count === null ? place : clampedPlace(place, count)), {
    headers: { ...NO_STORE_HEADERS, "Set-Cookie": await flashNotice(staff.session, staff.at(config.messages.deleted)) },
  });
}

/**
 * A create or edit page's own action: the form posted without JavaScript (with
 * JavaScript the browser uploads to /admin/save/... with a progress bar instead).
 * The body is streamed, never read with request.formData().
 */
export async function saveAction(request: Request, kind: KindKey, rawId?: string) {
  await requireSameOrigin(request);
  const staff = await requireEditorOf(request, kind);
  const id = rawId === undefined ? undefined : parseId(rawId);
  if (id === null) throw data(null, { status: 404 });
  const result = await saveItem(request, staff, kind, id);
  if (result.ok) {
    return redirect(result.redirectTo, { headers: { ...NO_STORE_HEADERS, "Set-Cookie": result.setCookie } });
  }
  return data<FormActionData>(
    {
      message: result.message,
      errors: result.errors,
      values: result.values,
      ...(result.conflict ? { conflict: result.conflict } : {}),
      ...(result.baseVersion ? { baseVersion: result.baseVersion } : {}),
      ...(result.consentPhotos ? { consentPhotos: result.consentPhotos } : {}),
    },
    { status: result.status, headers: NO_STORE_HEADERS },
  );
}

/**
 * Loader of the edit screens: the item, on the Nepali tab (`?lang=ne`) its Nepali version too,
 * and the children's full names the forms warn about (all asked at once).
 */
export async function editLoader<K extends KindKey>(request: Request, kind: K, rawId: string | undefined) {
  const lang = langOf(request);
  const staff = await requireEditorOf(request, kind);
  const id = parseId(rawId);
  const [result, nepali, childNames] = await Promise.all([
    getItem(request, staff, kind, id),
    lang === "ne" && id ? getNepali(request, staff, kind, id) : Promise.resolve(null),
    childNamesToWarnAbout(request, staff),
  ]);
  const status = result.notFound ? 404 : result.error ? 503 : 200;
  return data({ ...result, kind, limits: uploadLimits(), lang, nepali, childNames }, { status, headers: NO_STORE_HEADERS });
}

/**
 * A detail page: the item and its Nepali version, if any (both asked at once), with their
 * Markdown fields rendered and sanitised exactly as the public pages do it.
 */
export async function viewLoader<K extends KindKey>(request: Request, kind: K, rawId: string | undefined) {
  const staff = await requireEditorOf(request, kind);
  const id = parseId(rawId);
  const [result, nepali, history] = await Promise.all([
    getItem(request, staff, kind, id),
    id ? getNepali(request, staff, kind, id) : Promise.resolve(null),
    // An entry's changes of status, for Managers (the CMS refuses Staff, who are shown none).
    id && KINDS[kind].statusOf ? publicationHistory(request, staff, kind, id) : Promise.resolve(null),
  ]);
  const markdown = KINDS[kind].fields.filter((field) => field.type === "markdown").map((field) => field.name);
  const rendered = async (values: Record<string, unknown> | null | undefined, language: string) =>
    Object.fromEntries(
      await Promise.all(
        markdown.map(async (name) => {
          const text = typeof values?.[name] === "string" ? values[name] : "";
          return [name, (await renderMarkdown(text, `${kind} ${id} ${name} (${language})`)).html] as const;
        }),
      ),
    );
  const [html, nepaliHtml] = await Promise.all([
    rendered(result.item as Record<string, unknown> | null, "en"),
    nepali?.exists ? rendered(nepali.values, "ne") : Promise.resolve({}),
  ]);
  // Gallery items and members are checked like posts before they are published: the same list.
  const photos = result.item && KINDS[kind].statusOf ? await entryPhotos(request, staff, kind, result.item) : null;
  const status = result.notFound ? 404 : result.error ? 503 : 200;
  return data({ ...result, kind, nepali, html, nepaliHtml, history, photos }, { status, headers: NO_STORE_HEADERS });
}

/**
 * The photos and videos an entry shows, with their consent (one read for all): a post's cover and
 * the photos in its text, a gallery item's or member's own files; "failed" when the CMS could not say.
 */
async function entryPhotos<K extends KindKey>(
  request: Request,
  staff: Staff,
  kind: K,
  item: ItemByKind[K],
): Promise<PostPhoto[] | "failed"> {
  const post = kind === "blog" ? (item as ItemByKind["blog"]) : null;
  const own = Object.values(KINDS[kind].storedFiles(item as never, staff.at)).map((file) => photoNameOf(file.url));
  const names = post ? photoNamesOfPost(post) : [...new Set(own.filter((name): name is string => name !== null))];
  if (names.length === 0) return [];
  const consent = await photosConsent(request, staff, names);
  if (!consent) return "failed";
  const cover = post ? photoNameOf(post.mediaUrl) : null;
  const placeOf = (name: string): PostPhoto["place"] => (!post ? "own" : name === cover ? "cover" : "text");
  return names.map((name) => ({ name, place: placeOf(name), consent: consent.get(name) ?? null }));
}

/**
 * Action of the edit screens: the English form (multipart, streamed: saveAction) or, when
 * posted to `?lang=ne`, the Nepali tab's small urlencoded form (save or remove).
 */
export function editAction(request: Request, kind: KindKey, rawId: string | undefined) {
  return langOf(request) === "ne" ? nepaliAction(request, kind, rawId) : saveAction(request, kind, rawId);
}
