import { z } from "zod";
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, nameProblem, passwordProblem, STAFF_ROLES } from "./account-rules";
import { EMAIL_PATTERN, FIELD_MESSAGES } from "./contract-rules";
import { at } from "./messages";

/**
 * The staff account forms' zod schemas, shared by the browser (zodResolver) and the route
 * actions. Names and passwords follow the account rules (account-rules.ts, a copy of the CMS's
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

/** Add a staff account: the first password is either made by the server or set by the manager. */
export const newAccountSchema = z
  .object({
    name,
    email,
    role: z.enum(STAFF_ROLES, { error: ACCOUNT_MESSAGES.roleInvalid }),
    passwordChoice: z.enum(["generate", "set"]),
    password: z.string(),
  })
  .superRefine((values, context) => {
    if (values.passwordChoice !== "set") return;
    const problem = passwordProblem(values.password, values.email.trim());
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
  });
export type NewAccountInput = z.input<typeof newAccountSchema>;

/** My account: the name the person goes by. */
export const displayNameSchema = z.object({ name });
export type DisplayNameInput = z.input<typeof displayNameSchema>;

/** My account: a new password for the account with this e-mail, given the current one. */
export const passwordChangeSchema = (accountEmail: string) =>
  z
    .object({
      currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired),
      password: z.string(),
      repeatPassword: z.string(),
    })
    .superRefine((values, context) => {
      const problem = passwordProblem(values.password, accountEmail);
      if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
      else if (values.currentPassword && values.password === values.currentPassword) {
        context.addIssue({ code: "custom", path: ["password"], message: ACCOUNT_MESSAGES.passwordUnchanged });
      }
      if (values.repeatPassword !== values.password) {
        context.addIssue({ code: "custom", path: ["repeatPassword"], message: at("account.passwordsDiffer") });
      }
    });
export type PasswordChangeInput = z.input<ReturnType<typeof passwordChangeSchema>>;
