/**
 * The rules of the /api contract's forms, which the web's admin forms apply too before anything
 * is sent: the product spec's messages word for word, text lengths, which fields are translated,
 * the e-mail pattern and the file rules. Shared with the web app as it is (`@contract/rules`):
 * plain data, importing nothing outside this folder.
 */

/** The product spec's form messages, word for word. */
export const FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  roleRequired: 'Role is required',
  bioRequired: 'Bio is required',
  photoRequired: 'Photo is required',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  contentRequired: 'Content is required',
  authorRequired: 'Author email is required',
  authorInvalid: 'Invalid email address',
  imageRequired: 'Image file is required',
  videoRequired: 'Video file is required',
  invalidImageType: 'Invalid file type. Only jpg, jpeg, png, gif allowed.',
  invalidVideoType: 'Invalid file type. Allowed: mp4, avi, mov, mkv, webm',
} as const;

/** Messages of the project's own rules; `{name}` placeholders are filled in where used. */
export const RULE_MESSAGES = {
  tooLong: '{label} must be at most {max} characters.',
  imageTooLarge: 'The file is too large. Images may be at most {mb} MB.',
  videoTooLarge: 'The file is too large. Videos may be at most {mb} MB.',
  imageTooManyPixels: 'The image is too large in dimensions. Please upload a smaller picture.',
  invalidDate: 'Joined date must be a valid date (YYYY-MM-DD).',
  httpsOnly: 'Only https:// links are allowed.',
  wholeNumber: '{label} must be a whole number from 0 to {max}.',
} as const;

/** Characters past ASCII that Strapi's e-mail check takes in names and domains (Devanagari among them). */
const WIDE_CHARS = '\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF';
const NAME_CHAR = `[a-z0-9!#$%&'*+/=?^_\`{|}~${WIDE_CHARS}-]`;
const LABEL_END = `[a-z0-9${WIDE_CHARS}]`;

/**
 * What an e-mail address (a blog author, a staff login) must look like. Strapi checks the same
 * attributes with yup's e-mail pattern when it stores them; this accepts only addresses that
 * pattern accepts too (dotted names without quotes, spaces or `"`; domain labels of letters,
 * digits and inner hyphens; a top-level domain of two or more letters), so a bad address is the
 * contract's 400 and never a failure inside Strapi.
 */
export const EMAIL_PATTERN = new RegExp(
  `^${NAME_CHAR}+(?:\\.${NAME_CHAR}+)*@(?:${LABEL_END}(?:[a-z0-9${WIDE_CHARS}-]*${LABEL_END})?\\.)+[a-z${WIDE_CHARS}]{2,}$`,
  'i',
);

export interface TextRule {
  /** The field's name in messages ("Author email must be at most 254 characters."). */
  label: string;
  /** Message when empty; undefined = optional. */
  required?: string;
  maxLength: number;
  email?: boolean;
  /** A calendar day, 'YYYY-MM-DD' (RULE_MESSAGES.invalidDate otherwise). */
  date?: boolean;
  /** The attribute it is stored in, when its name differs from the field's (`joined_at` in `joinedAt`). */
  attribute?: string;
  /** Each language has its own (title, text); otherwise one value for every language (author, dates). */
  localized?: boolean;
  /** Only a translation has it (PUT ?locale=ne); English requests and answers never do. Localized. */
  translationOnly?: boolean;
  /** A link visitors follow: https only (a javascript: link would run on click). */
  https?: boolean;
  /** A whole number from 0 to this, stored as a number (a sort order). */
  wholeNumberMax?: number;
}

export interface FileRule {
  kind: 'image' | 'video';
  /** Message when a create comes without it; undefined = optional. Edits keep the stored file. */
  requiredOnCreate?: string;
}

export interface KindRules {
  /** Text fields by their name in the contract's requests and answers. */
  text: Record<string, TextRule>;
  /** File fields by their multipart name: the kind's main file first. */
  files: Record<string, FileRule>;
}

/** The four kinds of the contract, by their path (/api/{kind}). */
export const CONTRACT_RULES = {
  'team-member': {
    text: {
      name: { label: 'Name', required: FIELD_MESSAGES.nameRequired, maxLength: 120 },
      // The Nepali version's own form of the name (optional; without one the shared name is shown).
      local_name: { label: 'Name', maxLength: 120, localized: true, translationOnly: true },
      role: { label: 'Role', required: FIELD_MESSAGES.roleRequired, maxLength: 120, localized: true },
      bio: { label: 'Bio', required: FIELD_MESSAGES.bioRequired, maxLength: 5000, localized: true },
      // Left out, a new member joins today and an edited one keeps the stored day.
      joined_at: { label: 'Joined At', maxLength: 10, date: true, attribute: 'joinedAt' },
    },
    files: { photo: { kind: 'image', requiredOnCreate: FIELD_MESSAGES.photoRequired } },
  },
  'image-gallery': {
    text: {
      title: { label: 'Title', required: FIELD_MESSAGES.titleRequired, maxLength: 200, localized: true },
      description: { label: 'Description', required: FIELD_MESSAGES.descriptionRequired, maxLength: 5000, localized: true },
      // What the photo shows, for people who cannot see it: its own words, not the title (a title
      // often names the children in it). Without one the title stands in.
      alt_text: { label: 'What the photo shows', maxLength: 200, attribute: 'altText', localized: true },
    },
    files: { image: { kind: 'image', requiredOnCreate: FIELD_MESSAGES.imageRequired } },
  },
  'video-gallery': {
    text: {
      title: { label: 'Title', required: FIELD_MESSAGES.titleRequired, maxLength: 200, localized: true },
      description: { label: 'Description', required: FIELD_MESSAGES.descriptionRequired, maxLength: 5000, localized: true },
    },
    // The poster is the frame shown before play: optional, an image when given.
    files: { video: { kind: 'video', requiredOnCreate: FIELD_MESSAGES.videoRequired }, poster: { kind: 'image' } },
  },
  blog: {
    text: {
      title: { label: 'Title', required: FIELD_MESSAGES.titleRequired, maxLength: 200, localized: true },
      content: { label: 'Content', required: FIELD_MESSAGES.contentRequired, maxLength: 100_000, localized: true },
      author: { label: 'Author email', required: FIELD_MESSAGES.authorRequired, maxLength: 254, email: true },
      // Who wrote it, as visitors see it (the e-mail is shown only when there is no name).
      author_name: { label: 'Author name', maxLength: 120 },
      // What the cover photo shows, for people who cannot see it; without one the title stands in.
      media_alt: { label: 'What the cover photo shows', maxLength: 200, attribute: 'mediaAlt', localized: true },
    },
    // Optional, but an image when given.
    files: { media: { kind: 'image' } },
  },
  // A way to give (bank transfer, a wallet's QR code, a partner's page), edited by Managers.
  'donation-method': {
    text: {
      name: { label: 'Name', required: FIELD_MESSAGES.nameRequired, maxLength: 120, localized: true },
      instructions: { label: 'Instructions', required: 'Instructions are required', maxLength: 2000, localized: true },
      bank_name: { label: 'Bank name', maxLength: 120, attribute: 'bankName' },
      account_name: { label: 'Account name', maxLength: 120, attribute: 'accountName' },
      account_number: { label: 'Account number', maxLength: 40, attribute: 'accountNumber' },
      branch: { label: 'Branch', maxLength: 120 },
      swift: { label: 'SWIFT code', maxLength: 11 },
      link_url: { label: 'Link', maxLength: 500, attribute: 'linkUrl', https: true },
      // What the QR code says to people who cannot see it; without one it is named by the method.
      qr_alt: { label: 'QR code description', maxLength: 200, attribute: 'qrAlt', localized: true },
      sort_order: { label: 'Order', maxLength: 3, attribute: 'sortOrder', wholeNumberMax: 999 },
    },
    files: { qr_image: { kind: 'image' } },
  },
} as const satisfies Record<string, KindRules>;

export type ContractKind = keyof typeof CONTRACT_RULES;

/** Default upload limits (the CMS reads IMAGE_MAX_BYTES / VIDEO_MAX_BYTES / IMAGE_MAX_PIXELS; the web too). */
export const UPLOAD_LIMIT_DEFAULTS = {
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 200 * 1024 * 1024,
  /** Width x height: decompression bombs are refused before any pixel is decoded. */
  imageMaxPixels: 40_000_000,
} as const;

/** File types per kind: what the spec allows, and what browsers report for them. */
export const FILE_TYPES = {
  image: {
    mimes: ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'],
    extensions: ['.jpg', '.jpeg', '.png', '.gif'],
    /** As the messages and hints name them. */
    names: 'jpg, jpeg, png, gif',
  },
  video: {
    // Browsers report .avi as video/x-msvideo or video/avi, .mov as video/quicktime and .mkv as
    // video/x-matroska (some report nothing: then the name decides).
    mimes: [
      'video/mp4',
      'video/avi',
      'video/x-msvideo',
      'video/msvideo',
      'video/quicktime',
      'video/mov',
      'video/x-matroska',
      'video/mkv',
      'video/webm',
    ],
    extensions: ['.mp4', '.avi', '.mov', '.mkv', '.webm'],
    names: 'mp4, avi, mov, mkv, webm',
  },
} as const;
