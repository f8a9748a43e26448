import { AdminCmsError, staffCall } from "./cms-client.server";
import { ifMatch, type EditConflict } from "./edit-conflict";
import { editConflictOf } from "./edit-conflict.server";
import { lastEditOf } from "./kinds/define";
import type { Staff } from "./session.server";
import { SETTINGS_FORM_FIELDS, settingsValues, type SettingsLocale, type SettingsValues, type SiteSettingsForEditing } from "./settings";

/** The site settings at the CMS (/api/settings, Managers only), from the server only. */

interface SettingsAnswer extends Record<string, unknown> {
  en?: Record<string, unknown>;
  ne?: Record<string, unknown> | null;
  versions?: Partial<Record<SettingsLocale, unknown>>;
}

const versionIn = (body: SettingsAnswer, locale: SettingsLocale) => {
  const version = body.versions?.[locale];
  return typeof version === "string" && version ? version : null;
};

const toEditing = (body: SettingsAnswer): SiteSettingsForEditing => ({
  en: settingsValues("en", body.en),
  ne: body.ne ? settingsValues("ne", body.ne) : null,
  lastEdit: lastEditOf(body),
  versions: { en: versionIn(body, "en"), ne: versionIn(body, "ne") },
});

export async function readSettings(
  request: Request,
  staff: Staff,
): Promise<{ settings: SiteSettingsForEditing; error: null } | { settings: null; error: string }> {
  try {
    const { body } = await staffCall<SettingsAnswer>(request, staff, "/api/settings");
    return { settings: toEditing(body), error: null };
  } catch (error) {
    if (error instanceof AdminCmsError) return { settings: null, error: error.messageOr("settings.fetchFailed", staff.at) };
    throw error;
  }
}

export type SaveSettingsResult =
  | { ok: true; value: SiteSettingsForEditing }
  | { ok: false; status: number; message: string; errors: Record<string, string[]>; conflict: EditConflict | null };

/**
 * Saves one language's form; counts go as numbers, empty optional fields as null. `baseVersion`
 * (the version the form was opened with, or the one chosen to replace) goes as If-Match: the CMS
 * refuses the save (409) when someone changed that form's settings since.
 */
export async function saveSettings(
  request: Request,
  staff: Staff,
  locale: SettingsLocale,
  values: SettingsValues,
  baseVersion: string | null,
): Promise<SaveSettingsResult> {
  try {
    const { body } = await staffCall<SettingsAnswer>(request, staff, `/api/settings?locale=${locale}`, {
      method: "PUT",
      body: values,
      headers: ifMatch(baseVersion),
      timeoutMs: 30_000,
    });
    return { ok: true, value: toEditing(body) };
  } catch (error) {
    if (!(error instanceof AdminCmsError)) throw error;
    const conflict = editConflictOf(error, SETTINGS_FORM_FIELDS[locale]);
    if (conflict) return { ok: false, status: 409, message: staff.at("conflict.notSaved"), errors: {}, conflict };
    const status = error.status === 0 ? 503 : error.status;
    return {
      ok: false,
      status,
      message: error.messageOr("settings.saveFailed", staff.at),
      errors: error.fieldErrors(staff.at) ?? {},
      conflict: null,
    };
  }
}
