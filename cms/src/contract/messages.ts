/** Server messages of the /api contract. Field messages are the product spec's (section 5), word for word. */
export const fieldMessages = {
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

export const serverMessages = {
  validationFailed: 'Please correct the highlighted fields.',
  invalidCredentials: 'Invalid email or password',
  accountBlocked: 'This account is blocked. Please ask a manager of the home.',
  tooManyLogins: 'Too many failed login attempts. Please wait a few minutes and try again.',
  unauthorized: 'You need to sign in to do this.',
  forbidden: 'You are not allowed to do this.',
  invalidId: 'The id must be a positive whole number.',
  invalidEverywhere: 'everywhere must be true or false.',
  notFound: 'Not found',
  invalidDate: 'Joined date must be a valid date (YYYY-MM-DD).',
  imageTooLarge: (mb: number) => `The file is too large. Images may be at most ${mb} MB.`,
  videoTooLarge: (mb: number) => `The file is too large. Videos may be at most ${mb} MB.`,
  imageTooManyPixels: 'The image is too large in dimensions. Please upload a smaller picture.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  wholeNumber: (name: string, max: number) => `${name} must be a whole number from 1 to ${max}.`,
  deleted: 'Deleted',
} as const;

/** The e-mail rule the admin form's zod schema uses too. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
