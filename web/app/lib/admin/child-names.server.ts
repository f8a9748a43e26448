import { AdminCmsError, staffCall } from "./cms-client.server";
import type { FieldErrors } from "./schemas";
import type { Staff } from "./session.server";

/**
 * The children's full names at the CMS (`/api/child-names`: Staff and Managers read it, Managers
 * replace it), from the server only. Staff-only data: it goes to admin pages, never to public ones.
 */

const PATH = "/api/child-names";

const namesOf = (body: unknown): string[] | null => {
  const names = (body as { names?: unknown } | null)?.names;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === "string" && name.trim() !== "") : null;
};

export type ChildNamesRead = { names: string[]; error: null } | { names: null; error: string };

export async function readChildNames(request: Request, staff: Staff): Promise<ChildNamesRead> {
  try {
    const { body } = await staffCall<unknown>(request, staff, PATH);
    const names = namesOf(body);
    return names ? { names, error: null } : { names: null, error: staff.at("childNames.fetchFailed") };
  } catch (error) {
    if (error instanceof AdminCmsError) return { names: null, error: error.messageOr("childNames.fetchFailed", staff.at) };
    throw error;
  }
}

/**
 * The names a content form warns about. A list that cannot be read means no warning, never a
 * form that cannot be used.
 */
export async function childNamesToWarnAbout(request: Request, staff: Staff): Promise<string[]> {
  return (await readChildNames(request, staff)).names ?? [];
}

export type ChildNamesSave = { ok: true; names: string[] } | { ok: false; status: number; message: string; errors: FieldErrors };

/** Replaces the list (Managers only): the list as stored, or the CMS's refusal by field. */
export async function saveChildNames(request: Request, staff: Staff, names: string[]): Promise<ChildNamesSave> {
  try {
    const { body } = await staffCall<unknown>(request, staff, PATH, { method: "PUT", body: { names }, timeoutMs: 30_000 });
    return { ok: true, names: namesOf(body) ?? names };
  } catch (error) {
    if (!(error instanceof AdminCmsError)) throw error;
    const status = error.status === 0 ? 503 : error.status >= 500 ? 502 : error.status;
    return { ok: false, status, message: error.messageOr("childNames.saveFailed", staff.at), errors: error.fieldErrors(staff.at) ?? {} };
  }
}
