import { z } from "zod";
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, ADMIN_LANGUAGES, nameProblem, passwordProblem, STAFF_ROLES } from "@contract/account-rules";
import { EMAIL_PATTERN, FIELD_MESSAGES } from "@contract/rules";
import { adminTranslator, type AdminT } from "./messages";

/**
 * The staff account forms' zod schemas, shared by the browser (zodResolver) and the route
 * actions. Names and passwords follow the account rules (`@contract/account-rules`, the CMS's
 * own file): the CMS checks the same again and answers with the same messages.
 */

const name = z.string().superRefine((value, context) => {
  const problem = nameProblem(value.trim());
  if (problem) context.addIssue({ code: "custom", message: problem });
});

const email = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.emailRequired)
  .max(ACCOUNT_LIMITS.emailMaxLength, ACCOUNT_MESSAGES.emailTooLong)
  .regex(EMAIL_PATTERN, FIELD_MESSAGES.authorInvalid);

/**
 * Checks across fields run even while another field is wrong (zod skips them by default), so a
 * form shows every problem at once. They read the raw values, which may be of any shape then.
 */
const whatever = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };
const field = (values: unknown, name: string) => String((values as Record<string, unknown>)[name] ?? "");

const newPasswordProblem = (values: unknown) =>
  field(values, "passwordChoice") === "set" ? passwordProblem(field(values, "password"), field(values, "email").trim()) : null;

/** Add a staff account: the first password is either made by the server or set by the manager. */
export const newAccountSchema = z
  .object({
    name,
    email,
    role: z.enum(STAFF_ROLES, { error: ACCOUNT_MESSAGES.roleInvalid }),
    passwordChoice: z.enum(["generate", "set"]),
    password: z.string(),
  })
  .refine((values) => !newPasswordProblem(values), {
    ...whatever,
    path: ["password"],
    error: (issue) => newPasswordProblem(issue.input) ?? undefined,
  });
export type NewAccountInput = z.input<typeof newAccountSchema>;

/** My account: the language the person reads the admin in. */
export const adminLanguageSchema = z.object({ adminLanguage: z.enum(ADMIN_LANGUAGES, { error: ACCOUNT_MESSAGES.adminLanguageInvalid }) });

/** My account: the name the person goes by. */
export const displayNameSchema = z.object({ name });
export type DisplayNameInput = z.input<typeof displayNameSchema>;

/**
 * My account: a new password for the account with this e-mail, given the current one. The
 * contract's messages are put in the admin's language where they are shown (fieldErrorsOf,
 * useSchemaForm); this form's own one is the catalogue's in the language given.
 */
export const passwordChangeSchema = (accountEmail: string, at: AdminT = adminTranslator("en")) => {
  const problem = (values: unknown) => {
    const password = field(values, "password");
    const current = field(values, "currentPassword");
    return passwordProblem(password, accountEmail) ?? (current && password === current ? ACCOUNT_MESSAGES.passwordUnchanged : null);
  };
  return z
    .object({
      currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired),
      password: z.string(),
      repeatPassword: z.string(),
    })
    .refine((values) => !problem(values), { ...whatever, path: ["password"], error: (issue) => problem(issue.input) ?? undefined })
    .refine((values) => values.repeatPassword === values.password, {
      ...whatever,
      path: ["repeatPassword"],
      error: at("account.passwordsDiffer"),
    });
};
export type PasswordChangeInput = z.input<ReturnType<typeof passwordChangeSchema>>;

/** "Forgot your password?": the e-mail address a link is sent to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/**
 * A new password set with an e-mailed link. The page does not know the account's e-mail, so the
 * rule about containing it is checked by the CMS alone (its answer shows under the field). As on
 * My account, this form's own message is the catalogue's in the language given.
 */
export const passwordResetSchema = (at: AdminT = adminTranslator("en")) => {
  const problem = (values: unknown) => passwordProblem(field(values, "password"), "");
  return z
    .object({ password: z.string(), repeatPassword: z.string() })
    .refine((values) => !problem(values), { ...whatever, path: ["password"], error: (issue) => problem(issue.input) ?? undefined })
    .refine((values) => values.repeatPassword === values.password, {
      ...whatever,
      path: ["repeatPassword"],
      error: at("account.passwordsDiffer"),
    });
};
export type PasswordResetInput = z.input<ReturnType<typeof passwordResetSchema>>;
