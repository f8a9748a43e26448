import { matchPath } from "react-router";
import { z } from "zod";
import {
  CONSENT_GIVERS,
  consentProblems,
  defaultReviewOn,
  type ConsentGiver,
  type ConsentInput,
  type ConsentRecord,
  type ConsentState,
} from "@contract/consent-rules";
import { KIND_PATHS, type KindKey } from "./kinds/paths";
import type { AdminMessageKey } from "./messages";

/**
 * Consent for photos of children as the admin shows and records it: the form's one schema (the
 * shared rules' own checks and messages), what the CMS answers about a photo, and the links
 * between a post, its photos and their consent pages. Pure: the browser and the server use it alike.
 */

// ── What the CMS answers ───────────────────────────────────────────────────────────────

/** The contract's names of the kinds of entries a photo is used by. */
export const USED_BY_KINDS = ["blog", "image-gallery", "video-gallery", "team-member"] as const;
export type UsedByKind = (typeof USED_BY_KINDS)[number];

/** An entry that shows the photo. */
export interface PhotoUse {
  kind: UsedByKind;
  id: number;
  title: string;
}

export interface ConsentRecordOnFile extends ConsentRecord {
  recordedBy: string | null;
  recordedAt: string | null;
  withdrawnBy: string | null;
}

/** A line of a photo's consent history: a consent recorded (as it was given) or the withdrawal. */
export interface ConsentEvent {
  action: "consented" | "withdrawn";
  by: string;
  at: string;
  /** What a `consented` line recorded. */
  given: ConsentRecord | null;
}

/** A stored photo and its consent (`GET /api/consent/photos/{name}`). */
export interface PhotoConsent {
  /** Its stored name: the part of its URL after /uploads/. */
  name: string;
  /** "/uploads/<name>". */
  url: string;
  state: ConsentState;
  record: ConsentRecordOnFile | null;
  usedBy: PhotoUse[];
  /** Every consent recorded and the withdrawal, newest first: for Managers only (null for Staff). */
  history: ConsentEvent[] | null;
}

/** The admin screen of an entry that uses a photo. */
const USED_BY_ADMIN_KIND: Record<UsedByKind, KindKey> = {
  blog: "blog",
  "image-gallery": "image",
  "video-gallery": "video",
  "team-member": "team",
};

export const usedByHref = (use: PhotoUse): string => KIND_PATHS[USED_BY_ADMIN_KIND[use.kind]].view.replace(":id", String(use.id));

// ── A photo's state, as a badge ────────────────────────────────────────────────────────

export const CONSENT_STATE_LABELS: Record<ConsentState, AdminMessageKey> = {
  unmarked: "consent.state.unmarked",
  "no-children": "consent.state.no-children",
  missing: "consent.state.missing",
  valid: "consent.state.valid",
  due: "consent.state.due",
  expired: "consent.state.expired",
  withdrawn: "consent.state.withdrawn",
};

/** Colour only repeats what the badge's words say. */
export const CONSENT_BADGE_CLASSES: Record<ConsentState, string> = {
  unmarked: "bg-sand text-ink",
  "no-children": "bg-sand text-ink",
  missing: "bg-red-100 text-red-800",
  valid: "bg-green-100 text-green-800",
  due: "bg-amber-100 text-amber-900",
  expired: "bg-red-100 text-red-800",
  withdrawn: "bg-red-100 text-red-800",
};

export const CONSENT_GIVER_LABELS: Record<ConsentGiver, AdminMessageKey> = {
  guardian: "consent.givenBy.guardian",
  child: "consent.givenBy.child",
  "guardian-and-child": "consent.givenBy.guardian-and-child",
};

// ── Photos and their consent pages ──────────────────────────────────────────────────────

/** A stored name as the CMS gives them (`dashain_ab12.jpg`): no folders, no dot-dot. */
const PHOTO_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export const isPhotoName = (value: unknown): value is string =>
  typeof value === "string" && PHOTO_NAME.test(value) && !value.includes("..");

/** The stored name of an upload's URL (absolute or not), or null for anything that is not one. */
export function photoNameOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let path: string;
  try {
    path = new URL(url, "http://relative.invalid").pathname;
  } catch {
    return null;
  }
  const name = /^\/uploads\/([^/]+)$/.exec(path)?.[1];
  return isPhotoName(name) ? name : null;
}

// `![alt](/uploads/name "title")`: the photos the editor puts in a post's text.
const BODY_PHOTO = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** A post's photos: its cover, then each photo in its text, each once. */
export function photoNamesOfPost(post: { mediaUrl: string | null; content: string }): string[] {
  const names = [photoNameOf(post.mediaUrl), ...[...post.content.matchAll(BODY_PHOTO)].map((match) => photoNameOf(match[1]))];
  return [...new Set(names.filter((name): name is string => name !== null))];
}

/** A photo (or video) an entry shows, as its admin page lists it: null consent when the CMS has no such stored file. */
export interface PostPhoto {
  name: string;
  /** Where the entry shows it: a post's cover or its text, or a gallery item's or member's own file. */
  place: "cover" | "text" | "own";
  consent: PhotoConsent | null;
}

/** Stored names that are pictures (a thumbnail can be made of them; a video's cannot). */
export const isPictureName = (name: string) => /\.(jpe?g|png|gif|webp|avif)$/i.test(name);

/**
 * The photos a refused publish names (the contract's 409 `{message, errors, photos}` when a photo
 * of children has no valid consent), or null when the answer is not that refusal.
 */
export function refusedPhotosOf(status: number, body: unknown): string[] | null {
  if (status !== 409 || !body || typeof body !== "object") return null;
  const photos = (body as { photos?: unknown }).photos;
  if (!Array.isArray(photos)) return null;
  return [...new Set(photos.filter(isPhotoName))];
}

/** Where a photo's consent is recorded, coming back to `returnTo` afterwards. */
export function consentHref(name: string, returnTo?: string): string {
  const path = `/admin/photos/${encodeURIComponent(name)}/consent`;
  return returnTo ? `${path}?${new URLSearchParams({ returnTo })}` : path;
}

/** The admin screens a consent page may send people back to. */
const RETURN_PATTERNS = ["/dashboard", "/admin/*", ...Object.values(KIND_PATHS).flatMap((paths) => [paths.list, paths.view, paths.edit])];

/**
 * Where to go after a consent page: `returnTo` when it is one of the admin's own screens (a path
 * on this site, no host, no backslash or control character), otherwise `fallback`.
 */
export function adminReturnPath(returnTo: unknown, fallback = "/dashboard"): string {
  if (typeof returnTo !== "string" || !returnTo.startsWith("/") || returnTo.startsWith("//")) return fallback;
  if ([...returnTo].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\\")) return fallback;
  let url: URL;
  try {
    url = new URL(returnTo, "http://relative.invalid");
  } catch {
    return fallback;
  }
  if (url.host !== "relative.invalid") return fallback;
  return RETURN_PATTERNS.some((pattern) => matchPath(pattern, url.pathname)) ? `${url.pathname}${url.search}` : fallback;
}

// ── The form ───────────────────────────────────────────────────────────────────────────

/** The consent form as it is posted (and as react-hook-form holds it). */
export interface ConsentFormValues {
  /** "yes", "no", or "" before anyone chose. */
  showsChildren: string;
  givenBy: string;
  givenOn: string;
  website: boolean;
  socialMedia: boolean;
  reviewOn: string;
  note: string;
}

export const CONSENT_FORM_FIELDS = ["showsChildren", "givenBy", "givenOn", "website", "socialMedia", "reviewOn", "note"] as const;

/** A checkbox as react-hook-form (true) or a plain form post ("on") gives it. */
const checked = (value: unknown): boolean => value === true || value === "on" || value === "true";
const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

/** What a posted form (FormData entries, or react-hook-form's values) says, as form values. */
export function consentFormValuesOf(raw: Partial<Record<string, unknown>>): ConsentFormValues {
  return {
    showsChildren: textOf(raw.showsChildren),
    givenBy: textOf(raw.givenBy),
    givenOn: textOf(raw.givenOn).trim(),
    website: checked(raw.website),
    socialMedia: checked(raw.socialMedia),
    reviewOn: textOf(raw.reviewOn).trim(),
    note: textOf(raw.note),
  };
}

/**
 * The form's values as the CMS takes them: a photo without children carries nothing but its note;
 * before anyone has said whether it shows children, not even that (the schema refuses it).
 */
export function consentInputOf(values: ConsentFormValues): Partial<ConsentInput> {
  const note = values.note.trim() ? values.note.trim() : null;
  if (values.showsChildren === "no") return { showsChildren: false, note };
  if (values.showsChildren !== "yes") return { note };
  return {
    showsChildren: true,
    givenBy: (CONSENT_GIVERS as readonly string[]).includes(values.givenBy) ? (values.givenBy as ConsentGiver) : null,
    givenOn: values.givenOn || null,
    website: values.website,
    socialMedia: values.socialMedia,
    reviewOn: values.reviewOn || null,
    note,
  };
}

/**
 * The form's one schema: the shared rules' problems (`consentProblems`), each on its field, in
 * the CMS's words (the admin's resolver and fieldErrorsOf put them in the reader's language).
 * `today` is the home's day (YYYY-MM-DD): a consent cannot be given later than that.
 */
export function consentFormSchema(today: string) {
  return z
    .object({
      showsChildren: z.unknown(),
      givenBy: z.unknown(),
      givenOn: z.unknown(),
      website: z.unknown(),
      socialMedia: z.unknown(),
      reviewOn: z.unknown(),
      note: z.unknown(),
    })
    .superRefine((raw, context) => {
      const problems = consentProblems(consentInputOf(consentFormValuesOf(raw)), today);
      for (const [field, message] of Object.entries(problems)) context.addIssue({ code: "custom", path: [field], message });
    });
}

/** What the form starts with: the consent on record, or today's date and the usual review a year on. */
export function initialConsentValues(record: ConsentRecord | null, today: string): ConsentFormValues {
  const givenOn = record?.givenOn ?? today;
  return {
    showsChildren: record?.showsChildren === true ? "yes" : record?.showsChildren === false ? "no" : "",
    givenBy: record?.givenBy ?? "",
    givenOn,
    website: record?.website ?? false,
    socialMedia: record?.socialMedia ?? false,
    reviewOn: record?.reviewOn ?? defaultReviewOn(givenOn),
    note: record?.note ?? "",
  };
}
