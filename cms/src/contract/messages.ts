import { EMAIL_PATTERN, FIELD_MESSAGES, RULE_MESSAGES } from './shared/rules';

/** Server messages of the /api contract. Field messages are the product spec's (section 5), word for word. */
export const fieldMessages = FIELD_MESSAGES;

export const serverMessages = {
  validationFailed: 'Please correct the highlighted fields.',
  invalidCredentials: 'Invalid email or password',
  accountBlocked: 'This account is blocked. Please ask a manager of the home.',
  tooManyLogins: 'Too many failed login attempts. Please wait a few minutes and try again.',
  loginUnavailable: 'Signing in is not possible right now. Please try again in a few minutes.',
  unauthorized: 'You need to sign in to do this.',
  forbidden: 'You are not allowed to do this.',
  invalidId: 'The id must be a positive whole number.',
  invalidEverywhere: 'everywhere must be true or false.',
  notFound: 'Not found',
  invalidDate: RULE_MESSAGES.invalidDate,
  imageTooLarge: (mb: number) => fill(RULE_MESSAGES.imageTooLarge, { mb }),
  videoTooLarge: (mb: number) => fill(RULE_MESSAGES.videoTooLarge, { mb }),
  imageTooManyPixels: RULE_MESSAGES.imageTooManyPixels,
  tooLong: (label: string, max: number) => fill(RULE_MESSAGES.tooLong, { label, max }),
  wholeNumber: (name: string, max: number) => `${name} must be a whole number from 1 to ${max}.`,
  searchTooLong: (max: number) => `q (the search) must be at most ${max} characters.`,
  searchNotText: 'q (the search) must be given once, as text.',
  deleted: 'Deleted',
} as const;

export { EMAIL_PATTERN };

/** A rule message with its `{name}` placeholders filled in. */
function fill(template: string, values: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}
