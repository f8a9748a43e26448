/**
 * Consent for photos of children: whether a stored photo shows children and, when it does, the
 * consent on record for it (who gave it, when, for what, when it is reviewed). Staff-only: no
 * public answer carries any of it. Plain data and functions shared by cms/ and web/ (the web app
 * imports it as `@contract/consent-rules`), so the CMS's checks and the admin's form say the same.
 *
 * A photo's state:
 * - `unmarked`: nobody has said whether it shows children (photos stored before consent existed);
 * - `no-children`: staff said it shows no children;
 * - `missing`: it shows children and there is no complete consent covering the website;
 * - `valid`: consent covers the website and its review date is more than REVIEW_SOON_DAYS away;
 * - `due`: valid, but its review date is within REVIEW_SOON_DAYS;
 * - `expired`: its review date has passed: consent must be confirmed again before it is published anew;
 * - `withdrawn`: a Manager withdrew the consent; the photo is off the website for good.
 * A post (or any entry) may be published only when each of its photos is `unmarked`,
 * `no-children`, `valid` or `due`.
 */

export const CONSENT_GIVERS = ['guardian', 'child', 'guardian-and-child'] as const;
export type ConsentGiver = (typeof CONSENT_GIVERS)[number];

export const CONSENT_STATES = ['unmarked', 'no-children', 'missing', 'valid', 'due', 'expired', 'withdrawn'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** A review date this close (or closer) puts the photo on the dashboard's list. */
export const REVIEW_SOON_DAYS = 30;
/** A new consent's review date, unless staff choose another: one year after it was given. */
export const DEFAULT_REVIEW_MONTHS = 12;
export const NOTE_MAX = 500;

/** What staff send to record a photo's consent (`PUT /api/consent/photos/{name}`). */
export interface ConsentInput {
  showsChildren: boolean;
  givenBy?: ConsentGiver | null;
  /** YYYY-MM-DD. */
  givenOn?: string | null;
  website?: boolean;
  socialMedia?: boolean;
  /** YYYY-MM-DD. */
  reviewOn?: string | null;
  note?: string | null;
}

/** The consent on record, as the CMS stores and answers it. */
export interface ConsentRecord {
  showsChildren: boolean | null;
  givenBy: ConsentGiver | null;
  givenOn: string | null;
  website: boolean;
  socialMedia: boolean;
  reviewOn: string | null;
  note: string | null;
  withdrawnAt: string | null;
}

export const CONSENT_MESSAGES = {
  showsChildren: 'Say whether the photo shows children.',
  givenBy: 'Say who gave the consent.',
  givenOn: 'Enter the date the consent was given (YYYY-MM-DD).',
  givenOnFuture: 'The consent date cannot be in the future.',
  website: 'The consent must cover the website to show the photo here.',
  reviewOn: 'Enter a review date (YYYY-MM-DD).',
  reviewBeforeGiven: 'The review date must come after the consent date.',
  note: `The note must be at most ${NOTE_MAX} characters.`,
  /** A publish with a photo of children and no valid consent (the contract's 409). */
  missing: 'A photo being published shows children and has no valid consent on record. Record the consent before publishing.',
  /** A change to a photo whose consent was withdrawn (409). */
  withdrawn: 'Consent for this photo was withdrawn. Use another photo.',
  notFound: 'Photo not found',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export const isCalendarDay = (value: unknown): value is string => {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

/** YYYY-MM-DD of `date` in UTC. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The default review date of a consent given on `givenOn` (YYYY-MM-DD). */
export const defaultReviewOn = (givenOn: string): string => {
  const day = new Date(`${givenOn}T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + DEFAULT_REVIEW_MONTHS);
  return dayOf(day);
};

/**
 * The problems of a consent to record, by field, in the words both sides show. A photo that shows
 * no children needs nothing else; one that does needs who, when, the website and a review date.
 */
export function consentProblems(input: Partial<Record<keyof ConsentInput, unknown>>, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (typeof input.showsChildren !== 'boolean') {
    problems.showsChildren = CONSENT_MESSAGES.showsChildren;
    return problems;
  }
  if (input.note !== undefined && input.note !== null && (typeof input.note !== 'string' || input.note.length > NOTE_MAX)) {
    problems.note = CONSENT_MESSAGES.note;
  }
  if (!input.showsChildren) return problems;
  if (!CONSENT_GIVERS.includes(input.givenBy as ConsentGiver)) problems.givenBy = CONSENT_MESSAGES.givenBy;
  if (!isCalendarDay(input.givenOn)) problems.givenOn = CONSENT_MESSAGES.givenOn;
  else if (input.givenOn > today) problems.givenOn = CONSENT_MESSAGES.givenOnFuture;
  if (input.website !== true) problems.website = CONSENT_MESSAGES.website;
  if (!isCalendarDay(input.reviewOn)) problems.reviewOn = CONSENT_MESSAGES.reviewOn;
  else if (isCalendarDay(input.givenOn) && input.reviewOn <= input.givenOn) problems.reviewOn = CONSENT_MESSAGES.reviewBeforeGiven;
  return problems;
}

/** The state of a photo with this record (none: never marked) on `today` (YYYY-MM-DD). */
export function consentStateOf(record: ConsentRecord | null, today: string): ConsentState {
  if (!record || record.showsChildren === null) return 'unmarked';
  if (record.withdrawnAt) return 'withdrawn';
  if (!record.showsChildren) return 'no-children';
  if (!record.givenBy || !record.givenOn || !record.website || !record.reviewOn) return 'missing';
  if (record.reviewOn < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + REVIEW_SOON_DAYS);
  return record.reviewOn <= dayOf(soon) ? 'due' : 'valid';
}

/** Whether a photo in this state may be put in front of visitors. */
export const mayPublishPhoto = (state: ConsentState): boolean =>
  state === 'unmarked' || state === 'no-children' || state === 'valid' || state === 'due';
