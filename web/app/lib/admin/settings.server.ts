import { AdminCmsError, staffCall } from "./cms-client.server";
import { lastEditOf } from "./kinds/define";
import type { Staff } from "./session.server";
import { settingsValues, type SettingsLocale, type SettingsValues, type SiteSettingsForEditing } from "./settings";
import { cmsWrite } from "./staff-accounts.server";

/** The site settings at the CMS (/api/settings, Managers only), from the server only. */

interface SettingsAnswer extends Record<string, unknown> {
  en?: Record<string, unknown>;
  ne?: Record<string, unknown> | null;
}

const toEditing = (body: SettingsAnswer): SiteSettingsForEditing => ({
  en: settingsValues("en", body.en),
  ne: body.ne ? settingsValues("ne", body.ne) : null,
  lastEdit: lastEditOf(body),
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

/** Saves one language's form; counts go as numbers, empty optional fields as null. */
export function saveSettings(request: Request, staff: Staff, locale: SettingsLocale, values: SettingsValues) {
  return cmsWrite(staff.at, "settings.saveFailed", async () => {
    const { body } = await staffCall<SettingsAnswer>(request, staff, `/api/settings?locale=${locale}`, {
      method: "PUT",
      body: values,
      timeoutMs: 30_000,
    });
    return toEditing(body);
  });
}
