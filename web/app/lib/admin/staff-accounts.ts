import type { StaffRole } from "@contract/account-rules";

/** A staff account as the /staff screen shows it (the CMS's answer; never a password or token). */
export interface StaffAccount {
  id: number;
  /** The display name; null until one is set. */
  name: string | null;
  email: string;
  role: StaffRole;
  blocked: boolean;
  lastSignInAt: string | null;
}

/** How an account is named to people: its display name, else its e-mail. */
export const accountName = (account: { name: string | null; email: string }) => account.name || account.email;
