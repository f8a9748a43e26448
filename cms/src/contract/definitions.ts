import { PUBLIC_VIDEO_STATES } from './shared/video-status';

/** The entries visitors see: published ones, and those stored before drafts existed (no `publication`). */
export const PUBLISHED_ENTRIES = { $or: [{ publication: 'published' }, { publication: { $null: true } }] };
import { CONTRACT_RULES, type FileRule, type KindRules, type TextRule } from './shared/rules';

/** A text field of a contract form: its request name, the attribute it is stored in and its rules. */
export interface TextField {
  field: string;
  attribute: string;
  label: string;
  requiredMessage?: string;
  maxLength: number;
  email?: boolean;
  /** Each language version has its own value. */
  localized: boolean;
  /** https links only. */
  https?: boolean;
  /** A whole number from 0 to this, stored as a number. */
  wholeNumberMax?: number;
}

/** A calendar-day field (a team member's joined date): left out, a new entry gets today and an edit keeps it. */
export interface DateField {
  field: string;
  attribute: string;
}

export interface MediaFile {
  id: number;
  url: string;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  mime?: string;
}

export type Entry = Record<string, unknown> & { id: number; documentId: string; createdAt?: string };

export interface ContractDefinition {
  uid: string;
  /** The spec's path under /api (`/api/{path}`, `/api/{path}/{id}`). */
  path: string;
  /** Multipart field name of the file, and the media attribute it is stored in. */
  fileField: 'photo' | 'image' | 'video' | 'media' | 'qr_image';
  fileKind: 'image' | 'video';
  fileRequiredMessage?: string;
  /** Further image files the form may carry (never required), e.g. a video's poster frame. */
  optionalImageFields?: 'poster'[];
  textFields: TextField[];
  /** The kind's calendar day, if it has one. */
  dateField?: DateField;
  /**
   * The attributes a list's `?q` searches, in every language version: the title or name, and the
   * text (a post's content, a description, a bio).
   */
  searchFields: string[];
  /**
   * Optional text fields only a translation has, never an English request: a team member's name
   * as written in the translation's language (`local_name`; without one the shared name is shown).
   */
  translationFields?: TextField[];
  sort: string[];
  /** Alt text stored with an uploaded file. */
  altText: (fields: Record<string, string>) => string;
  /** What the contract answers beside the id and the text fields: file URLs and dates. */
  extras: (entry: Entry, fileUrl: (file: MediaFile | null | undefined) => string | null) => Record<string, unknown>;
  /** Files the entry holds that no answer shows (a video's upload kept beside its web copy): removed with it. */
  privateFiles?: string[];
  /** What an anonymous reader may see of the kind (a video while it is converted or after it failed: not yet). */
  publicFilters?: Record<string, unknown>;
  /**
   * Entries may be saved as drafts and submitted for review (the request's and answer's `status`,
   * stored as `publication`); visitors see published ones only.
   */
  drafts?: boolean;
  /** The attribute holding Markdown that may show stored photos (a post's text). */
  markdownField?: string;
  /** Messages for failures the client cannot fix. */
  failure: { list: string; one: string; create: string; update: string; remove: string };
}

/** A kind's text fields and files as its rules (shared/rules.ts) define them; `path` is its /api path. */
export function fieldsOf(path: string, rules: KindRules) {
  const asField = ([field, rule]: [string, TextRule]): TextField => ({
    field,
    attribute: rule.attribute ?? field,
    label: rule.label,
    requiredMessage: rule.required,
    maxLength: rule.maxLength,
    email: rule.email,
    ...('https' in rule && rule.https ? { https: true } : {}),
    ...('wholeNumberMax' in rule && rule.wholeNumberMax !== undefined ? { wholeNumberMax: rule.wholeNumberMax } : {}),
    localized: Boolean(rule.localized || rule.translationOnly),
  });
  const rulesOf = Object.entries(rules.text);
  // A date has its own check (validation.ts) and its own default; a translation's own fields are never English.
  const textFields = rulesOf.filter(([, rule]) => !rule.date && !rule.translationOnly).map(asField);
  const translationFields = rulesOf.filter(([, rule]) => rule.translationOnly).map(asField);
  const date = rulesOf.find(([, rule]) => rule.date);
  const [[fileField, main], ...others] = Object.entries(rules.files as Record<string, FileRule>);
  return {
    path,
    ...(date ? { dateField: { field: date[0], attribute: date[1].attribute ?? date[0] } } : {}),
    fileField: fileField as ContractDefinition['fileField'],
    fileKind: main.kind,
    fileRequiredMessage: main.requiredOnCreate,
    optionalImageFields: others.length ? (others.map(([name]) => name) as 'poster'[]) : undefined,
    textFields,
    ...(translationFields.length ? { translationFields } : {}),
  };
}

export const teamMember: ContractDefinition = {
  ...fieldsOf('team-member', CONTRACT_RULES['team-member']),
  uid: 'api::team-member.team-member',
  searchFields: ['name', 'local_name', 'role', 'bio'],
  sort: ['joinedAt:asc', 'id:asc'],
  altText: (fields) => `Photo of ${fields.name}`,
  extras: (entry, fileUrl) => ({
    photoUrl: fileUrl(entry.photo as MediaFile | null),
    joined_at: entry.joinedAt ?? null,
  }),
  publicFilters: PUBLISHED_ENTRIES,
  drafts: true,
  failure: {
    list: 'Failed to fetch team members',
    one: 'Failed to fetch team member',
    create: 'Failed to create team member',
    update: 'Failed to update team member',
    remove: 'Failed to delete team member',
  },
};

export const imageGallery: ContractDefinition = {
  ...fieldsOf('image-gallery', CONTRACT_RULES['image-gallery']),
  uid: 'api::image-gallery.image-gallery',
  searchFields: ['title', 'description'],
  sort: ['createdAt:desc', 'id:desc'],
  altText: (fields) => fields.alt_text || fields.title,
  extras: (entry, fileUrl) => ({
    mediaUrl: fileUrl(entry.image as MediaFile | null),
    created_at: entry.createdAt ?? null,
  }),
  publicFilters: PUBLISHED_ENTRIES,
  drafts: true,
  failure: {
    list: 'Something went wrong',
    one: 'Something went wrong',
    create: 'Something went wrong',
    update: 'Failed to update image',
    remove: 'Something went wrong',
  },
};

export const videoGallery: ContractDefinition = {
  ...fieldsOf('video-gallery', CONTRACT_RULES['video-gallery']),
  uid: 'api::video-gallery.video-gallery',
  searchFields: ['title', 'description'],
  sort: ['createdAt:desc', 'id:desc'],
  altText: (fields) => fields.title,
  extras: (entry, fileUrl) => ({
    mediaUrl: fileUrl(entry.video as MediaFile | null),
    posterUrl: fileUrl(entry.poster as MediaFile | null),
    // processing | ready | failed (video_error says why) | original (no encoder: served as uploaded)
    video_status: entry.videoStatus ?? null,
    video_error: entry.videoError ?? null,
    created_at: entry.createdAt ?? null,
  }),
  publicFilters: { $and: [PUBLISHED_ENTRIES, { $or: [{ videoStatus: { $in: PUBLIC_VIDEO_STATES } }, { videoStatus: { $null: true } }] }] },
  drafts: true,
  privateFiles: ['originalVideo'],
  failure: {
    list: 'Something went wrong',
    one: 'Something went wrong',
    create: 'Something went wrong',
    update: 'Failed to update video',
    remove: 'Something went wrong',
  },
};

export const blog: ContractDefinition = {
  ...fieldsOf('blog', CONTRACT_RULES.blog),
  uid: 'api::blog.blog',
  searchFields: ['title', 'content'],
  sort: ['createdAt:desc', 'id:desc'],
  altText: (fields) => fields.media_alt || fields.title,
  extras: (entry, fileUrl) => ({
    mediaUrl: fileUrl(entry.media as MediaFile | null),
    created_at: entry.createdAt ?? null,
  }),
  publicFilters: PUBLISHED_ENTRIES,
  drafts: true,
  markdownField: 'content',
  failure: {
    list: 'Something went wrong',
    one: 'Something went wrong',
    create: 'Something went wrong',
    update: 'Something went wrong',
    remove: 'Something went wrong',
  },
};

export const donationMethod: ContractDefinition = {
  ...fieldsOf('donation-method', CONTRACT_RULES['donation-method']),
  uid: 'api::donation-method.donation-method',
  searchFields: ['name', 'instructions'],
  sort: ['sortOrder:asc', 'id:asc'],
  altText: (fields) => fields.qr_alt || `QR code to give by ${fields.name}`,
  extras: (entry, fileUrl) => ({
    qrImageUrl: fileUrl(entry.qr_image as MediaFile | null),
    created_at: entry.createdAt ?? null,
  }),
  failure: {
    list: 'Failed to fetch the ways to give',
    one: 'Failed to fetch the way to give',
    create: 'Failed to add the way to give',
    update: 'Failed to update the way to give',
    remove: 'Failed to delete the way to give',
  },
};

export const contractDefinitions = [teamMember, imageGallery, videoGallery, blog, donationMethod];

/** A kind's media fields: its file, then its optional images (a video's poster). */
export const mediaFieldsOf = (def: ContractDefinition) => [def.fileField, ...(def.optionalImageFields ?? [])];

/** An entry as the contract answers it: its id, every text field (null when empty), then the kind's extras. */
export const serializeEntry = (def: ContractDefinition, entry: Entry, fileUrl: (file: MediaFile | null | undefined) => string | null) => ({
  id: entry.id,
  ...Object.fromEntries(def.textFields.map((rule) => [rule.field, entry[rule.attribute] ?? null])),
  ...def.extras(entry, fileUrl),
});

/** The kind a route (as declared, e.g. `/api/blog/:id`) belongs to, if it is one of the contract's. */
export const definitionForRoute = (route: string) =>
  contractDefinitions.find((def) => route === `/api/${def.path}` || route.startsWith(`/api/${def.path}/`));
