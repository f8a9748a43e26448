import { AdminCmsError } from "./cms-client.server";
import type { EditConflict } from "./edit-conflict";

const textOf = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** The CMS's 409 for a save based on an older version, as the form shows it; null for any other failure. */
export function editConflictOf(error: AdminCmsError, fields: readonly string[]): EditConflict | null {
  if (error.status !== 409 || !error.body) return null;
  const {
    version,
    current,
    updated_by: by,
    updated_at: when,
  } = error.body as {
    version?: unknown;
    current?: Record<string, unknown>;
    updated_by?: { name?: unknown } | null;
    updated_at?: unknown;
  };
  if (typeof version !== "string" || !current || typeof current !== "object") return null;
  return {
    by: typeof by?.name === "string" && by.name ? by.name : null,
    at: typeof when === "string" ? when : null,
    version,
    // Counts (the site settings' figures) are shown as the form writes them: as text.
    current: Object.fromEntries(fields.map((field) => [field, textOf(current[field])])),
  };
}
