/**
 * The rules of staff accounts: roles, display names and passwords. The CMS enforces them on
 * every account route; the web's forms apply the same before anything is sent
 * (`@contract/account-rules`: the web app imports this folder's files as they are).
 */
import { COMMON_PASSWORDS } from './common-passwords';

/** Managers do everything staff do and manage staff accounts; staff manage content only. */
export const STAFF_ROLES = ['manager', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

export const ACCOUNT_LIMITS = {
  nameMaxLength: 80,
  emailMaxLength: 254,
  passwordMinLength: 10,
  // bcrypt reads only the first 72 bytes (Strapi refuses longer passwords too).
  passwordMaxBytes: 72,
  passwordMinDistinctCharacters: 5,
} as const;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 80 characters.',
  emailTaken: 'There is already an account with this e-mail address.',
  emailTooLong: 'Email must be at most 254 characters.',
  roleInvalid: 'Choose a role: Manager or Staff.',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 10 characters long.',
  passwordTooLong: 'Password is too long: at most 72 bytes (72 English letters, or 24 Nepali ones).',
  passwordHasEmail: 'Password must not contain the e-mail address.',
  passwordTooSimple: 'Password is too simple: use at least 5 different characters.',
  passwordCommon: 'This password is one of the most common ones. Choose one that is harder to guess.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is not correct.',
  passwordUnchanged: 'The new password must be different from the current one.',
  adminLanguageInvalid: 'Choose a language: en (English) or ne (Nepali).',
} as const;

/** The languages a member of staff may read the admin in; English until they choose. */
export const ADMIN_LANGUAGES = ['en', 'ne'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export const isAdminLanguage = (value: unknown): value is AdminLanguage =>
  typeof value === 'string' && (ADMIN_LANGUAGES as readonly string[]).includes(value);

const common = new Set(COMMON_PASSWORDS.map((password) => password.toLowerCase()));

const utf8Bytes = (text: string) => {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

/**
 * What is wrong with a new password for the account with this e-mail, or null: long enough,
 * not too long for bcrypt, not the e-mail (or its name part), not one of the most common
 * passwords, and not a few characters repeated.
 */
export function passwordProblem(password: string, email: string): string | null {
  if (!password) return ACCOUNT_MESSAGES.passwordRequired;
  if ([...password].length < ACCOUNT_LIMITS.passwordMinLength) return ACCOUNT_MESSAGES.passwordTooShort;
  if (utf8Bytes(password) > ACCOUNT_LIMITS.passwordMaxBytes) return ACCOUNT_MESSAGES.passwordTooLong;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if ((address && lower.includes(address)) || (localPart.length >= 4 && lower.includes(localPart))) {
    return ACCOUNT_MESSAGES.passwordHasEmail;
  }
  if (common.has(lower)) return ACCOUNT_MESSAGES.passwordCommon;
  if (new Set(lower).size < ACCOUNT_LIMITS.passwordMinDistinctCharacters) return ACCOUNT_MESSAGES.passwordTooSimple;
  return null;
}

/** What is wrong with a display name (already trimmed), or null. */
export function nameProblem(name: string): string | null {
  if (!name) return ACCOUNT_MESSAGES.nameRequired;
  if ([...name].length > ACCOUNT_LIMITS.nameMaxLength) return ACCOUNT_MESSAGES.nameTooLong;
  return null;
}
