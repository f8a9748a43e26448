import { AdminCmsError, staffCall, staffUpload } from "./cms-client.server";
import { baseVersionOf, ifMatch, REPLACE_VERSION_FIELD, VERSION_FIELD, type EditConflict } from "./edit-conflict";
import { editConflictOf } from "./edit-conflict.server";
import { sameOriginMedia } from "./kinds/fields-of-items";
import { lastEditOf } from "./kinds/define";
import {
  listItemField,
  listItemFields,
  listItemsBody,
  pageListsOf,
  pageTextFormFields,
  pageTextsValues,
  SLIDE_PHOTO_FIELD,
  SLIDE_PHOTO_TEXT_FIELDS,
  SLIDE_PHOTO_URL_FIELD,
  slidePhotoSchema,
  slidesIn,
  type PageListItem,
  type PageListSpec,
  type PageName,
  type PageTextsForEditing,
  type PageTextsLocale,
  type PageTextsValues,
  type SlidePhoto,
  type SlidePhotoValues,
} from "./page-texts";
import { uploadIdField } from "./resumable-upload-fields";
import { fieldErrorsOf, fileTooLargeMessage, type FieldErrors } from "./schemas";
import type { Staff } from "./session.server";
import { parseMultipartToDisk, releaseResumedUploads, takeResumedUploads, uploadLimits, UploadError } from "./upload.server";

/** The page texts at the CMS (/api/page-texts/{page}, Managers only), from the server only. */

interface PageTextsAnswer extends Record<string, unknown> {
  en?: Record<string, unknown>;
  ne?: Record<string, unknown> | null;
  versions?: Partial<Record<PageTextsLocale, unknown>>;
  slidePhotos?: unknown;
  lists?: Partial<Record<PageTextsLocale, unknown>>;
  listVersions?: Partial<Record<PageTextsLocale, unknown>>;
}

const textOrNull = (value: unknown) => (typeof value === "string" && value ? value : null);

const slidePhotosIn = (body: PageTextsAnswer): SlidePhoto[] =>
  (Array.isArray(body.slidePhotos) ? (body.slidePhotos as Record<string, unknown>[]) : []).map((photo) => ({
    imageUrl: sameOriginMedia(photo.imageUrl),
    imageAlt: textOrNull(photo.imageAlt),
    imageAltNe: textOrNull(photo.imageAltNe),
    hasNepali: photo.hasNepali === true,
    version: textOrNull(photo.version),
  }));

const versionIn = (body: PageTextsAnswer, locale: PageTextsLocale) => {
  const version = body.versions?.[locale];
  return typeof version === "string" && version ? version : null;
};

const toEditing = (page: PageName, body: PageTextsAnswer): PageTextsForEditing => ({
  page,
  en: pageTextsValues(page, slidesIn(body.en), body.en),
  ne: body.ne ? pageTextsValues(page, slidesIn(body.ne), body.ne) : null,
  lastEdit: lastEditOf(body),
  versions: { en: versionIn(body, "en"), ne: versionIn(body, "ne") },
  slidePhotos: slidePhotosIn(body),
  lists: { en: pageListsOf(page, body.lists?.en) ?? {}, ne: pageListsOf(page, body.lists?.ne) },
  listVersions: { en: listVersionsIn(body, "en"), ne: listVersionsIn(body, "ne") },
});

const listVersionsIn = (body: PageTextsAnswer, locale: PageTextsLocale): Record<string, string> => {
  const versions = body.listVersions?.[locale];
  if (!versions || typeof versions !== "object") return {};
  return Object.fromEntries(Object.entries(versions).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
};

export async function readPageTexts(
  request: Request,
  staff: Staff,
  page: PageName,
): Promise<{ texts: PageTextsForEditing; error: null } | { texts: null; error: string }> {
  try {
    const { body } = await staffCall<PageTextsAnswer>(request, staff, `/api/page-texts/${page}`);
    return { texts: toEditing(page, body), error: null };
  } catch (error) {
    if (error instanceof AdminCmsError) return { texts: null, error: error.messageOr("pages.fetchFailed", staff.at) };
    throw error;
  }
}

export type SavePageTextsResult =
  | { ok: true }
  | { ok: false; status: number; message: string; errors: Record<string, string[]>; conflict: EditConflict | null };

/** Saves one language's form with If-Match: the CMS refuses (409) a save from an older copy. */
export async function savePageTexts(
  request: Request,
  staff: Staff,
  page: PageName,
  locale: PageTextsLocale,
  values: PageTextsValues,
  baseVersion: string | null,
): Promise<SavePageTextsResult> {
  try {
    await staffCall(request, staff, `/api/page-texts/${page}?locale=${locale}`, {
      method: "PUT",
      body: values,
      headers: ifMatch(baseVersion),
      timeoutMs: 30_000,
    });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof AdminCmsError)) throw error;
    const conflict = editConflictOf(error, pageTextFormFields(page, slidesIn(values)));
    if (conflict) return { ok: false, status: 409, message: staff.at("conflict.notSaved"), errors: {}, conflict };
    const status = error.status === 0 ? 503 : error.status;
    return {
      ok: false,
      status,
      message: error.messageOr("pages.saveFailed", staff.at),
      errors: error.fieldErrors(staff.at) ?? {},
      conflict: null,
    };
  }
}

export type SaveSlidePhotoResult =
  | { ok: true }
  | {
      ok: false;
      status: number;
      message: string;
      errors: FieldErrors;
      values: SlidePhotoValues;
      /** Someone changed the photo or its descriptions since the form was opened: theirs, and their version. */
      conflict: EditConflict | null;
      /** The version the form was opened with: it keeps it, so a plain Save is refused again. */
      baseVersion: string | null;
    };

/** How long the CMS may take to check, clean and store a photo. */
const PHOTO_SAVE_TIMEOUT_MS = 2 * 60_000;

/**
 * Saves a hero slide's photo form from its streamed multipart request, like a content form's
 * save (upload.server.ts): the photo written to disk (or the one the browser sent ahead with a
 * resumable upload), checked with the form's schema, passed on to the CMS with If-Match.
 */
export async function saveSlidePhoto(request: Request, staff: Staff, slide: number): Promise<SaveSlidePhotoResult> {
  const limits = uploadLimits();
  const emptyValues = Object.fromEntries(SLIDE_PHOTO_TEXT_FIELDS.map((field) => [field, ""])) as SlidePhotoValues;
  let upload;
  try {
    upload = await parseMultipartToDisk(request, {
      fileField: SLIDE_PHOTO_FIELD,
      fileKind: "image",
      maxFileBytes: limits.imageMaxBytes,
      textFields: [...SLIDE_PHOTO_TEXT_FIELDS, VERSION_FIELD, REPLACE_VERSION_FIELD, uploadIdField(SLIDE_PHOTO_FIELD)],
    });
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const message = staff.at("pages.photoSaveFailed");
    return { ok: false, status: error.status, message, errors: {}, values: emptyValues, conflict: null, baseVersion: null };
  }
  const values = Object.fromEntries(SLIDE_PHOTO_TEXT_FIELDS.map((field) => [field, upload.fields[field] ?? ""])) as SlidePhotoValues;
  const baseVersion = baseVersionOf({ [VERSION_FIELD]: upload.fields[VERSION_FIELD] });
  // "Save mine instead" names the version it replaces on purpose.
  const savedOver = baseVersionOf(upload.fields);
  const refused = (
    status: number,
    message: string,
    errors: FieldErrors = {},
    conflict: EditConflict | null = null,
  ): SaveSlidePhotoResult => ({
    ok: false,
    status,
    message,
    errors,
    values,
    conflict,
    baseVersion,
  });
  try {
    const taken = await takeResumedUploads(upload, staff.userId, SLIDE_PHOTO_FIELD, { [SLIDE_PHOTO_FIELD]: limits.imageMaxBytes });
    if ("missing" in taken) {
      const message = staff.at("common.uploadNotFound");
      return refused(400, message, { [SLIDE_PHOTO_FIELD]: [message] });
    }
    const file = upload.file;
    if (upload.tooLarge) {
      const message = staff.at.contract(fileTooLargeMessage("image", limits.imageMaxBytes));
      return refused(413, message, { [SLIDE_PHOTO_FIELD]: [message] });
    }
    const parsed = slidePhotoSchema(limits).safeParse({
      ...values,
      [SLIDE_PHOTO_FIELD]: file ? { name: file.name, type: file.type, size: file.size } : undefined,
    });
    if (!parsed.success) return refused(400, staff.at("common.fixErrors"), fieldErrorsOf(parsed.error, staff.at));
    try {
      await staffUpload(request, staff, `/api/page-texts/home/slides/${slide}`, {
        method: "PUT",
        fields: SLIDE_PHOTO_TEXT_FIELDS.map((field): [string, string] => [field, values[field].trim()]),
        // The CMS names stored files itself; it gets a neutral name, never the client's.
        files: file?.path ? [{ field: SLIDE_PHOTO_FIELD, path: file.path, filename: "upload", type: file.type }] : [],
        headers: ifMatch(savedOver),
        timeoutMs: PHOTO_SAVE_TIMEOUT_MS,
      });
    } catch (error) {
      if (!(error instanceof AdminCmsError)) throw error;
      // Theirs: the descriptions and the photo (shown beside them, from this site only).
      const conflict = editConflictOf(error, [...SLIDE_PHOTO_TEXT_FIELDS, SLIDE_PHOTO_URL_FIELD]);
      if (conflict) {
        conflict.current[SLIDE_PHOTO_URL_FIELD] = sameOriginMedia(conflict.current[SLIDE_PHOTO_URL_FIELD]) ?? "";
        return refused(409, staff.at("conflict.notSaved"), {}, conflict);
      }
      return refused(
        error.status === 0 ? 503 : error.status,
        error.messageOr("pages.photoSaveFailed", staff.at),
        error.fieldErrors(staff.at) ?? {},
      );
    }
    // Saved: the upload sent ahead is no longer needed (a refused save keeps it for the next try).
    await releaseResumedUploads(staff.userId, taken.ids);
    return { ok: true };
  } finally {
    await upload.cleanup();
  }
}

export type SaveListResult = SavePageTextsResult;

/**
 * Saves one list of a page in one language with If-Match (409 for a save from an older copy,
 * answered with the stored items as the conflict's fields: `items.0.title`, ...).
 */
export async function savePageList(
  request: Request,
  staff: Staff,
  page: PageName,
  list: string,
  spec: PageListSpec,
  locale: PageTextsLocale,
  items: PageListItem[],
  baseVersion: string | null,
): Promise<SaveListResult> {
  try {
    await staffCall(request, staff, `/api/page-texts/${page}/lists/${list}?locale=${locale}`, {
      method: "PUT",
      body: { items: listItemsBody(spec.shape, items) },
      headers: ifMatch(baseVersion),
      timeoutMs: 30_000,
    });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof AdminCmsError)) throw error;
    const conflict = listConflictOf(error, spec);
    if (conflict) return { ok: false, status: 409, message: staff.at("conflict.notSaved"), errors: {}, conflict };
    return {
      ok: false,
      status: error.status === 0 ? 503 : error.status,
      message: error.messageOr("pages.listSaveFailed", staff.at),
      errors: error.fieldErrors(staff.at) ?? {},
      conflict: null,
    };
  }
}

/** A list's 409 as the conflict notice shows it: the stored items field by field. */
function listConflictOf(error: AdminCmsError, spec: PageListSpec): EditConflict | null {
  const current = (error.body as { current?: { items?: unknown } } | null)?.current?.items;
  if (error.status !== 409 || !Array.isArray(current)) return null;
  const flat: Record<string, unknown> = {};
  (current as Record<string, unknown>[]).forEach((item, index) => {
    for (const field of listItemFields(spec.shape)) flat[listItemField(index, field)] = item?.[field];
  });
  const body = error.body as Record<string, unknown>;
  return editConflictOf(new AdminCmsError(409, undefined, undefined, { ...body, current: flat }), Object.keys(flat));
}
