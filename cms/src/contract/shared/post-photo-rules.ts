import { pageTextProblem, type PageTextRule } from './page-text-rules';

/**
 * A photo inside a post's text (`POST /api/post-photos`, multipart): the photo, through the
 * contract's file checks like a cover, and its text alternative, which the author writes (a post's
 * photos are not its title). The answer's URL goes into the text as `![alt](/uploads/<file>)`.
 */
export const POST_PHOTO_FIELD = 'photo';
export const POST_PHOTO_ALT = { label: 'Photo description', max: 200, required: true } as const satisfies PageTextRule;

/** The alt text's problem in the contract's words, or null. */
export const postPhotoAltProblem = (raw: unknown) => pageTextProblem(POST_PHOTO_ALT, raw);
