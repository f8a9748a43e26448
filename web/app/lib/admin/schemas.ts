import { z } from "zod";
import { isCalendarDate } from "~/lib/i18n/bs-date";
import type { KindKey, UploadLimits } from "./kinds";
import { at } from "./messages";

/**
 * One zod schema per admin form, shared by the browser (zodResolver) and the route
 * actions, with the product spec's messages word for word (section 5). The CMS enforces
 * the same rules again; the length limits are the CMS's.
 */

/** The blog author rule (the CMS uses the same pattern). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// Spec section 9. Browsers report .avi as video/x-msvideo or video/avi, .mov as
// video/quicktime and .mkv as video/x-matroska (some report nothing: then the name decides).
export const IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif"] as const;
export const VIDEO_TYPES = [
  "video/mp4",
  "video/avi",
  "video/x-msvideo",
  "video/msvideo",
  "video/quicktime",
  "video/mov",
  "video/x-matroska",
  "video/mkv",
  "video/webm",
] as const;
export const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".gif"] as const;
export const VIDEO_EXTENSIONS = [".mp4", ".avi", ".mov", ".mkv", ".webm"] as const;

/** What the file inputs' `accept` attribute offers. */
export const ACCEPT = {
  image: [...IMAGE_TYPES, ...IMAGE_EXTENSIONS].join(","),
  video: [...VIDEO_TYPES, ...VIDEO_EXTENSIONS].join(","),
} as const;

export const DEFAULT_LIMITS: UploadLimits = {
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 200 * 1024 * 1024,
};

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
  const types: readonly string[] = kind === "image" ? IMAGE_TYPES : VIDEO_TYPES;
  const extensions: readonly string[] = kind === "image" ? IMAGE_EXTENSIONS : VIDEO_EXTENSIONS;
  const type = (file.type ?? "").toLowerCase().split(";")[0]!.trim();
  if (type && type !== "application/octet-stream") return types.includes(type);
  return extensions.includes(extensionOf(file.name));
}

const megabytes = (bytes: number) => Math.max(1, Math.round(bytes / (1024 * 1024)));

interface FileRule {
  kind: "image" | "video";
  /** Message when no file is chosen; undefined = optional. */
  requiredMessage?: string;
  maxBytes: number;
}

function fileField(rule: FileRule) {
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
          message: rule.kind === "image" ? at("field.invalidImageType") : at("field.invalidVideoType"),
        });
        return;
      }
      if (file.size > rule.maxBytes) {
        const key = rule.kind === "image" ? "field.imageTooLarge" : "field.videoTooLarge";
        ctx.addIssue({ code: "custom", message: at(key, { mb: megabytes(rule.maxBytes) }) });
      }
    });
}

function requiredText(requiredMessage: string, label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(max, at("field.tooLong", { label, max }));
}

// ── Login ─────────────────────────────────────────────────────────────────────────────

/** No e-mail format rule on login (spec section 5). */
export const loginSchema = z.object({
  email: z.string().trim().min(1, at("field.emailRequired")),
  password: z.string().min(1, at("field.passwordRequired")),
});
export type LoginInput = z.input<typeof loginSchema>;

// ── Content forms ─────────────────────────────────────────────────────────────────────

export interface FormSchemaOptions {
  /** The file is required on create only; in edit mode it replaces the old one if chosen. */
  mode: "create" | "edit";
  limits?: Partial<UploadLimits>;
}

const limitsOf = (options: FormSchemaOptions): UploadLimits => ({ ...DEFAULT_LIMITS, ...options.limits });

export function teamSchema(options: FormSchemaOptions) {
  return z.object({
    name: requiredText(at("field.nameRequired"), "Name", 120),
    role: requiredText(at("field.roleRequired"), "Role", 120),
    bio: requiredText(at("field.bioRequired"), "Bio", 5000),
    // The day a member joined: a real calendar date. The form fills in today; left empty, a new
    // member joins today and an edited one keeps the stored date (the CMS's rule).
    joined_at: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isCalendarDate(value), at("field.invalidDate")),
    photo: fileField({
      kind: "image",
      requiredMessage: options.mode === "create" ? at("field.photoRequired") : undefined,
      maxBytes: limitsOf(options).imageMaxBytes,
    }),
  });
}

export function imageSchema(options: FormSchemaOptions) {
  return z.object({
    title: requiredText(at("field.titleRequired"), "Title", 200),
    description: requiredText(at("field.descriptionRequired"), "Description", 5000),
    image: fileField({
      kind: "image",
      requiredMessage: options.mode === "create" ? at("field.imageRequired") : undefined,
      maxBytes: limitsOf(options).imageMaxBytes,
    }),
  });
}

export function videoSchema(options: FormSchemaOptions) {
  return z.object({
    title: requiredText(at("field.titleRequired"), "Title", 200),
    description: requiredText(at("field.descriptionRequired"), "Description", 5000),
    video: fileField({
      kind: "video",
      requiredMessage: options.mode === "create" ? at("field.videoRequired") : undefined,
      maxBytes: limitsOf(options).videoMaxBytes,
    }),
    // The frame shown before play: optional, an image when given.
    poster: fileField({ kind: "image", maxBytes: limitsOf(options).imageMaxBytes }),
  });
}

export function blogSchema(options: FormSchemaOptions) {
  return z.object({
    title: requiredText(at("field.titleRequired"), "Title", 200),
    content: requiredText(at("field.contentRequired"), "Content", 100_000),
    author: z
      .string()
      .trim()
      .min(1, at("field.authorRequired"))
      .max(254, at("field.tooLong", { label: "Author email", max: 254 }))
      .refine((value) => value === "" || EMAIL_PATTERN.test(value), at("field.authorInvalid")),
    // Optional, but an image when given.
    media: fileField({ kind: "image", maxBytes: limitsOf(options).imageMaxBytes }),
  });
}

export const schemaFor = {
  team: teamSchema,
  image: imageSchema,
  video: videoSchema,
  blog: blogSchema,
} as const satisfies Record<KindKey, (options: FormSchemaOptions) => z.ZodType>;

/**
 * The Nepali tab of an edit screen (issue 7): only the localised text fields, with exactly
 * the English form's rules and messages (picked from the same schema, so they cannot drift).
 */
export function nepaliSchema(kind: KindKey) {
  switch (kind) {
    case "team":
      return teamSchema({ mode: "edit" }).pick({ role: true, bio: true });
    case "image":
      return imageSchema({ mode: "edit" }).pick({ title: true, description: true });
    case "video":
      return videoSchema({ mode: "edit" }).pick({ title: true, description: true });
    case "blog":
      return blogSchema({ mode: "edit" }).pick({ title: true, content: true });
  }
}

export type TeamInput = z.input<ReturnType<typeof teamSchema>>;
export type ImageInput = z.input<ReturnType<typeof imageSchema>>;
export type VideoInput = z.input<ReturnType<typeof videoSchema>>;
export type BlogInput = z.input<ReturnType<typeof blogSchema>>;

export type FieldErrors = Record<string, string[]>;

/** zod's issues as {field: [messages]}, the shape the CMS answers with too. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
