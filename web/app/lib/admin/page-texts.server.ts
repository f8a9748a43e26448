import { AdminCmsError, staffCall } from "./cms-client.server";
import { ifMatch, type EditConflict } from "./edit-conflict";
import { editConflictOf } from "./edit-conflict.server";
import { lastEditOf } from "./kinds/define";
import {
  pageTextFormFields,
  pageTextsValues,
  slidesIn,
  type PageName,
  type PageTextsForEditing,
  type PageTextsLocale,
  type PageTextsValues,
} from "./page-texts";
import type { Staff } from "./session.server";

/** The page texts at the CMS (/api/page-texts/{page}, Managers only), from the server only. */

interface PageTextsAnswer extends Record<string, unknown> {
  en?: Record<string, unknown>;
  ne?: Record<string, unknown> | null;
  versions?: Partial<Record<PageTextsLocale, unknown>>;
}

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
});

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
