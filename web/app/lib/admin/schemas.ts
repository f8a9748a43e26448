import { z } from "zod";
import { format } from "~/lib/i18n";
import { isCalendarDate } from "~/lib/i18n/bs-date";
import { EMAIL_PATTERN, FIELD_MESSAGES, FILE_TYPES, RULE_MESSAGES, UPLOAD_LIMIT_DEFAULTS, type TextRule } from "@contract/rules";
import type { AdminT } from "./messages";
import { KINDS, localizedFields, type KindForm, type KindKey, type UploadLimits } from "./kinds";

/**
 * The admin forms' zod schemas, shared by the browser (zodResolver) and the route actions.
 * Each kind's schema is derived from its definition (kinds/) and the contract's rules
 * (`@contract/rules`, the CMS's own file): the product spec's messages word for
 * word, the CMS's lengths, e-mail pattern and file types. The CMS enforces the same again.
 */

export { EMAIL_PATTERN };

/** What the file inputs' `accept` attribute offers. */
export const ACCEPT = {
  image: [...FILE_TYPES.image.mimes, ...FILE_TYPES.image.extensions].join(","),
  video: [...FILE_TYPES.video.mimes, ...FILE_TYPES.video.extensions].join(","),
} as const;

export const DEFAULT_LIMITS: UploadLimits = { ...UPLOAD_LIMIT_DEFAULTS };

/** The facts about a chosen file the rules need: a browser File has them, and so has
 * the server's description of a streamed upload. */
export interface FileInfo {
  name: string;
  type: string;
  size: number;
}

function isFileInfo(value: unknown): value is FileInfo {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as FileInfo).name === "string" &&
    typeof (value as FileInfo).size === "number"
  );
}

/** A file input's value (FileList, File, array) -> the chosen file, or undefined if none. */
export function pickFile(value: unknown): FileInfo | undefined {
  let candidate: unknown = value;
  if (typeof FileList !== "undefined" && candidate instanceof FileList) candidate = candidate.item(0);
  else if (Array.isArray(candidate)) candidate = candidate[0];
  if (!isFileInfo(candidate)) return undefined;
  // An untouched file input submits an empty part with no name.
  if (candidate.size === 0 && candidate.name === "") return undefined;
  return candidate;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot).toLowerCase() : "";
}

/** Type rule by MIME type; a file whose type the browser could not tell is judged by name. */
export function isAllowedFile(file: FileInfo, kind: "image" | "video"): boolean {
  const types: readonly string[] = FILE_TYPES[kind].mimes;
  const extensions: readonly string[] = FILE_TYPES[kind].extensions;
  const type = (file.type ?? "").toLowerCase().split(";")[0]!.trim();
  if (type && type !== "application/octet-stream") return types.includes(type);
  return extensions.includes(extensionOf(file.name));
}

const megabytes = (bytes: number) => Math.max(1, Math.round(bytes / (1024 * 1024)));

interface FileCheck {
  kind: "image" | "video";
  /** Message when no file is chosen; undefined = optional. */
  requiredMessage?: string;
  maxBytes: number;
}

function fileField(rule: FileCheck) {
  return z
    .unknown()
    .transform(pickFile)
    .superRefine((file, ctx) => {
      if (!file) {
        if (rule.requiredMessage) ctx.addIssue({ code: "custom", message: rule.requiredMessage });
        return;
      }
      if (!isAllowedFile(file, rule.kind)) {
        ctx.addIssue({
          code: "custom",
          message: rule.kind === "image" ? FIELD_MESSAGES.invalidImageType : FIELD_MESSAGES.invalidVideoType,
        });
        return;
      }
      if (file.size > rule.maxBytes) {
        ctx.addIssue({ code: "custom", message: fileTooLargeMessage(rule.kind, rule.maxBytes) });
      }
    });
}

/** "The file is too large. Images may be at most 10 MB." */
export function fileTooLargeMessage(kind: "image" | "video", maxBytes: number): string {
  return format(kind === "image" ? RULE_MESSAGES.imageTooLarge : RULE_MESSAGES.videoTooLarge, { mb: megabytes(maxBytes) });
}

/**
 * Line breaks as "\n": a browser sends a textarea's lines with "\r\n", and stored Markdown has
 * the "\n" of the CMS, the content folders and the editor, so a post saved untouched stays the same.
 */
const unixLines = (value: string) => value.replace(/\r\n?/g, "\n");

/** A text field under the contract's rule: trimmed, required or not, within its length. */
function textField(rule: TextRule) {
  const tooLong = format(RULE_MESSAGES.tooLong, { label: rule.label, max: rule.maxLength });
  if (rule.date) {
    return z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isCalendarDate(value), RULE_MESSAGES.invalidDate);
  }
  let field = z.string().overwrite(unixLines).trim();
  // An optional field (a member's name in Nepali) may also be missing from what is checked.
  // A number has its own message for anything that is not one, long or not.
  if (!rule.required) return withFormat(rule.wholeNumberMax === undefined ? field.max(rule.maxLength, tooLong) : field, rule).optional();
  field = field.min(1, rule.required);
  const limited = field.max(rule.maxLength, tooLong);
  return rule.email ? limited.refine((value) => value === "" || EMAIL_PATTERN.test(value), FIELD_MESSAGES.authorInvalid) : limited;
}

/** A link's or a number's own rule, on a value that is not empty. */
function withFormat(field: z.ZodString, rule: TextRule) {
  if (rule.https) return field.refine((value) => value === "" || isHttpsLink(value), RULE_MESSAGES.httpsOnly);
  const max = rule.wholeNumberMax;
  if (max !== undefined) {
    const message = format(RULE_MESSAGES.wholeNumber, { label: rule.label, max });
    return field.refine((value) => value === "" || (/^\d{1,7}$/.test(value) && Number(value) <= max), message);
  }
  return field;
}

/** A link that opens a page over https (never javascript:, data: or http:). */
export function isHttpsLink(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

// ── Login ─────────────────────────────────────────────────────────────────────────────

/** No e-mail format rule on login. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, FIELD_MESSAGES.emailRequired),
  password: z.string().min(1, FIELD_MESSAGES.passwordRequired),
});
export type LoginInput = z.input<typeof loginSchema>;

// ── Content forms ─────────────────────────────────────────────────────────────────────

export interface FormSchemaOptions {
  /** A main file is required on create only; in edit mode it replaces the old one if chosen. */
  mode: "create" | "edit";
  limits?: Partial<UploadLimits>;
}

/** A kind's form schema: its fields, in form order, under the contract's rules. */
export function formSchema(kind: KindKey | KindForm, options: FormSchemaOptions) {
  const definition = typeof kind === "string" ? KINDS[kind] : kind;
  const limits: UploadLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const shape: Record<string, z.ZodType> = {};
  for (const field of definition.fields) {
    if (field.type === "file") {
      const rule = definition.rules.files[field.name]!;
      shape[field.name] = fileField({
        kind: rule.kind,
        requiredMessage: options.mode === "create" ? rule.requiredOnCreate : undefined,
        maxBytes: rule.kind === "image" ? limits.imageMaxBytes : limits.videoMaxBytes,
      });
    } else {
      shape[field.name] = textField(definition.rules.text[field.name]!);
    }
  }
  return z.object(shape);
}

/**
 * The Nepali tab of an edit screen: only its text fields (localizedFields), under the same
 * contract rules and messages as the English form, so they cannot drift.
 */
export function nepaliSchema(kind: KindKey | KindForm) {
  const definition = typeof kind === "string" ? KINDS[kind] : kind;
  return z.object(
    Object.fromEntries(localizedFields(definition).map((field) => [field.name, textField(definition.rules.text[field.name]!)])),
  );
}

export type FieldErrors = Record<string, string[]>;

/**
 * zod's issues as {field: [messages]}, the shape the CMS answers with too, in the admin's
 * language: the contract's messages become the catalogue's (`at.contract`).
 */
export function fieldErrorsOf(error: z.ZodError, at: AdminT): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(at.contract(issue.message));
  }
  return errors;
}
