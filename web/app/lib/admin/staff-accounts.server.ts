import { randomInt } from "node:crypto";
import { data } from "react-router";
import { isStaffRole, passwordProblem, type StaffRole } from "@contract/account-rules";
import { AdminCmsError, staffCall } from "./cms-client.server";
import { fetchCurrentUser, type CurrentUser } from "./items.server";
import { text, textOrNull } from "./kinds/fields-of-items";
import type { AdminLocale, AdminMessageKey, AdminT } from "./messages";
import type { FieldErrors } from "./schemas";
import type { StaffAccount } from "./staff-accounts";
import { requireStaff, type Staff } from "./session.server";

/** Staff accounts and My account at the CMS (/api/staff-accounts, /api/account), from the server only. */

export type CmsWriteResult<T = null> = { ok: true; value: T } | { ok: false; status: number; message: string; errors: FieldErrors };

const toAccount = (raw: Record<string, unknown>): StaffAccount => ({
  id: Number(raw.id),
  name: textOrNull(raw.name),
  email: text(raw.email),
  role: isStaffRole(raw.role) ? raw.role : "staff",
  blocked: raw.blocked === true,
  lastSignInAt: textOrNull(raw.lastSignInAt),
});

/** The signed-in person, who must be a manager: otherwise a thrown 403 page. */
export async function requireManager(
  request: Request,
  refusal: AdminMessageKey = "staff.forbidden",
): Promise<{ staff: Staff; user: CurrentUser }> {
  const staff = await requireStaff(request);
  const user = await fetchCurrentUser(request, staff);
  if (user?.role !== "manager") throw data({ message: staff.at(refusal) }, { status: 403, headers: { "Cache-Control": "no-store" } });
  return { staff, user };
}

/** The signed-in person (a 401 at the CMS ends the session; unreachable: a thrown 503 page). */
export async function requireCurrentUser(request: Request): Promise<{ staff: Staff; user: CurrentUser }> {
  const staff = await requireStaff(request);
  const user = await fetchCurrentUser(request, staff);
  if (!user) throw data({ message: staff.at("dashboard.userFetchFailed") }, { status: 503, headers: { "Cache-Control": "no-store" } });
  return { staff, user };
}

// The CMS answers at most 100 per page; a home has a few dozen people at most.
const PAGE_SIZE = 100;

export async function listAccounts(
  request: Request,
  staff: Staff,
): Promise<{ accounts: StaffAccount[]; error: null } | { accounts: null; error: string }> {
  try {
    const accounts: StaffAccount[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await staffCall<{ count?: number; results?: Record<string, unknown>[] }>(
        request,
        staff,
        `/api/staff-accounts?page=${page}&pageSize=${PAGE_SIZE}`,
      );
      const results = body.results ?? [];
      accounts.push(...results.map(toAccount));
      if (results.length < PAGE_SIZE || accounts.length >= (body.count ?? 0)) break;
    }
    return { accounts, error: null };
  } catch (error) {
    if (error instanceof AdminCmsError) return { accounts: null, error: error.messageOr("staff.fetchFailed", staff.at) };
    throw error;
  }
}

/** One write to the CMS; its refusal as {status, message, errors} with the fallback text. */
export async function cmsWrite<T>(at: AdminT, fallback: AdminMessageKey, call: () => Promise<T>): Promise<CmsWriteResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof AdminCmsError) {
      const status = error.status === 0 ? 503 : error.status;
      return { ok: false, status, message: error.messageOr(fallback, at), errors: error.fieldErrors(at) ?? {} };
    }
    throw error;
  }
}

export function createAccount(request: Request, staff: Staff, values: { name: string; email: string; role: StaffRole; password: string }) {
  return cmsWrite(staff.at, "staff.createFailed", async () => {
    const { body } = await staffCall<Record<string, unknown>>(request, staff, "/api/staff-accounts", {
      method: "POST",
      body: values,
      timeoutMs: 30_000,
    });
    return toAccount(body);
  });
}

export function changeAccount(request: Request, staff: Staff, id: number, change: { role?: StaffRole; blocked?: boolean }) {
  return cmsWrite(staff.at, "staff.changeFailed", async () => {
    const { body } = await staffCall<Record<string, unknown>>(request, staff, `/api/staff-accounts/${id}`, {
      method: "PUT",
      body: change,
      timeoutMs: 30_000,
    });
    return toAccount(body);
  });
}

/** A new password for someone else: the CMS ends every session of theirs. */
export function resetAccountPassword(request: Request, staff: Staff, id: number, password: string) {
  return cmsWrite(staff.at, "staff.resetPasswordFailed", async () => {
    const { body } = await staffCall<Record<string, unknown>>(request, staff, `/api/staff-accounts/${id}/password`, {
      method: "PUT",
      body: { password },
      timeoutMs: 30_000,
    });
    return toAccount(body);
  });
}

export function removeAccount(request: Request, staff: Staff, id: number) {
  return cmsWrite(staff.at, "staff.removeFailed", async () => {
    await staffCall(request, staff, `/api/staff-accounts/${id}`, { method: "DELETE", timeoutMs: 30_000 });
    return null;
  });
}

export function renameMe(request: Request, staff: Staff, name: string) {
  return cmsWrite(staff.at, "account.nameFailed", async () => {
    await staffCall(request, staff, "/api/account", { method: "PUT", body: { name }, timeoutMs: 30_000 });
    return null;
  });
}

/** The language of the person's admin screens, kept with their account so it follows them to every device. */
export function setMyLanguage(request: Request, staff: Staff, adminLanguage: AdminLocale) {
  return cmsWrite(staff.at, "account.languageFailed", async () => {
    await staffCall(request, staff, "/api/account/language", { method: "PUT", body: { adminLanguage }, timeoutMs: 30_000 });
    return null;
  });
}

/** The CMS keeps the session of this token and ends every other one of the person's. */
export function changeMyPassword(request: Request, staff: Staff, currentPassword: string, password: string) {
  return cmsWrite(staff.at, "account.passwordFailed", async () => {
    await staffCall(request, staff, "/api/account/password", {
      method: "PUT",
      body: { currentPassword, password },
      timeoutMs: 30_000,
    });
    return null;
  });
}

// No 0/O, 1/l/I: the manager reads it out or writes it down for the new person.
const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A first password for a new account, or after a reset: 16 random characters in groups of four (about 92 bits). */
export function generatePassword(email: string): string {
  for (;;) {
    const groups = Array.from({ length: 4 }, () =>
      Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(""),
    );
    const password = groups.join("-");
    if (!passwordProblem(password, email)) return password;
  }
}
