import { EMAIL_PATTERN, FIELD_MESSAGES, RULE_MESSAGES } from './rules';

/**
 * The rules of the home's own details (`/api/settings`): contact details, the figures the pages
 * show and the footer's About text. The CMS checks every write with them and the admin's form
 * uses the same function, so both answer with the same messages. Plain data and functions,
 * importing nothing outside this folder (the web app imports it as `@contract/settings-rules`).
 */

export const SETTINGS_MESSAGES = {
  nameRequired: FIELD_MESSAGES.nameRequired,
  aboutRequired: 'About text is required',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Phone may contain only digits, spaces, +, -, ( and ).',
  emailRequired: FIELD_MESSAGES.emailRequired,
  emailInvalid: FIELD_MESSAGES.authorInvalid,
  httpsOnly: RULE_MESSAGES.httpsOnly,
  wholeNumber: RULE_MESSAGES.wholeNumber,
  tooLong: '{label} must be at most {max} characters.',
  childrenOverCapacity: 'There cannot be more children than places.',
} as const;

export interface SettingRule {
  label: string;
  kind: 'text' | 'email' | 'phone' | 'https' | 'count';
  required?: string;
  /** Characters for text, the largest value for counts. */
  max: number;
  /** Each language has its own value; otherwise one value for both. */
  localized: boolean;
  /** A multi-line text. */
  long?: boolean;
}

/** The site settings staff edit, by their attribute name, in form order. */
export const SETTINGS_RULES = {
  name: { label: 'Name of the home', kind: 'text', required: SETTINGS_MESSAGES.nameRequired, max: 120, localized: true },
  tagline: { label: 'Tagline', kind: 'text', max: 200, localized: true },
  aboutText: { label: 'About text', kind: 'text', required: SETTINGS_MESSAGES.aboutRequired, max: 1000, localized: true, long: true },
  address: { label: 'Address', kind: 'text', required: SETTINGS_MESSAGES.addressRequired, max: 300, localized: true },
  phone: { label: 'Phone', kind: 'phone', required: SETTINGS_MESSAGES.phoneRequired, max: 40, localized: false },
  email: { label: 'Email', kind: 'email', required: SETTINGS_MESSAGES.emailRequired, max: 254, localized: false },
  socialUrl: { label: 'Social media link', kind: 'https', max: 500, localized: false },
  socialLabel: { label: 'Social media name', kind: 'text', max: 80, localized: true },
  mapEmbedUrl: { label: 'Map link', kind: 'https', max: 1000, localized: false },
  mapLabel: { label: 'Map description', kind: 'text', max: 200, localized: true },
  childrenCount: { label: 'Children living at the home', kind: 'count', max: 1000, localized: false },
  capacity: { label: 'Places at the home', kind: 'count', max: 1000, localized: false },
  // The home's registration, which donors look for before they give.
  registrationOffice: { label: 'Registered with', kind: 'text', max: 200, localized: true },
  registrationNumber: { label: 'Registration number', kind: 'text', max: 60, localized: false },
  panNumber: { label: 'PAN', kind: 'text', max: 20, localized: false },
  partnerName: { label: 'Partner association', kind: 'text', max: 200, localized: true },
} as const satisfies Record<string, SettingRule>;

export type SettingName = keyof typeof SETTINGS_RULES;
export const SETTING_NAMES = Object.keys(SETTINGS_RULES) as SettingName[];
export const LOCALIZED_SETTINGS = SETTING_NAMES.filter((name) => SETTINGS_RULES[name].localized);
export const SHARED_SETTINGS = SETTING_NAMES.filter((name) => !SETTINGS_RULES[name].localized);

const PHONE_PATTERN = /^\+?[\d\s()-]{3,}$/;

const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** A link staff may publish: https only (a javascript: or data: link would run or mislead). */
export function httpsLinkProblem(value: string): string | null {
  try {
    return new URL(value).protocol === 'https:' ? null : SETTINGS_MESSAGES.httpsOnly;
  } catch {
    return SETTINGS_MESSAGES.httpsOnly;
  }
}

/** What is wrong with one setting's value (trimmed text; counts as their digits), or null. */
export function settingProblem(name: SettingName, raw: unknown): string | null {
  const rule: SettingRule = SETTINGS_RULES[name];
  if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number') {
    return rule.required ?? fill(SETTINGS_MESSAGES.tooLong, { label: rule.label, max: rule.max });
  }
  const value = raw === undefined || raw === null ? '' : String(raw).trim();
  if (!value) return rule.required ?? null;
  if (rule.kind === 'count') {
    if (!/^\d{1,7}$/.test(value) || Number(value) > rule.max)
      return fill(SETTINGS_MESSAGES.wholeNumber, { label: rule.label, max: rule.max });
    return null;
  }
  if (value.length > rule.max) return fill(SETTINGS_MESSAGES.tooLong, { label: rule.label, max: rule.max });
  if (rule.kind === 'email' && !EMAIL_PATTERN.test(value)) return SETTINGS_MESSAGES.emailInvalid;
  if (rule.kind === 'phone' && !PHONE_PATTERN.test(value)) return SETTINGS_MESSAGES.phoneInvalid;
  if (rule.kind === 'https') return httpsLinkProblem(value);
  return null;
}

/** Checks across fields: a home has no more children than places. */
export function childrenProblem(values: Record<string, unknown>): string | null {
  const children = String(values.childrenCount ?? '').trim();
  const places = String(values.capacity ?? '').trim();
  if (!/^\d+$/.test(children) || !/^\d+$/.test(places)) return null;
  return Number(children) > Number(places) ? SETTINGS_MESSAGES.childrenOverCapacity : null;
}
