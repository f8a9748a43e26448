/**
 * The full names of the children, a list the home keeps (staff-only, `GET/PUT /api/child-names`):
 * the admin warns, before a save, about any of them written in a title, a description, a photo's
 * description or a post's text, naming the words, so nobody publishes a child's full name beside
 * their photo by accident. A warning, not a refusal: the writer decides. Plain data and functions
 * shared by cms/ and web/ (imported there as `@contract/child-names`).
 */

export const CHILD_NAMES_MAX = 1000;
export const CHILD_NAME_MAX_LENGTH = 100;

export const CHILD_NAMES_MESSAGES = {
  notList: 'The names must be a list of text lines.',
  tooMany: `At most ${CHILD_NAMES_MAX} names.`,
  tooLong: `Each name must be at most ${CHILD_NAME_MAX_LENGTH} characters.`,
  oneWord: 'Write each full name, first name and family name: a first name alone would warn about every story.',
} as const;

const collapse = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** The names of a list as staff type it: one per line, blank lines and repeats (any case) left out. */
export function parseChildNames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const name = collapse(line);
    const key = name.toLocaleLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** What is wrong with a list to store, in the words both sides show, or null. */
export function childNamesProblem(names: unknown): string | null {
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) return CHILD_NAMES_MESSAGES.notList;
  if (names.length > CHILD_NAMES_MAX) return CHILD_NAMES_MESSAGES.tooMany;
  if (names.some((name) => collapse(name).length > CHILD_NAME_MAX_LENGTH)) return CHILD_NAMES_MESSAGES.tooLong;
  if (names.some((name) => collapse(name) && !collapse(name).includes(' '))) return CHILD_NAMES_MESSAGES.oneWord;
  return null;
}

const DEVANAGARI = /\p{Script=Devanagari}/u;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The listed names written in `text`, as the list writes them, each once: whole words only (a
 * letter, mark or digit on either side is another word), any case, any spacing between the parts
 * of a name. A name in Devanagari may be followed by a postposition written onto it (`सीता गुरुङको`,
 * Sita Gurung's), so only its start needs a word boundary.
 */
export function childNamesIn(text: string, names: readonly string[]): string[] {
  if (!text || names.length === 0) return [];
  const haystack = text.normalize('NFC');
  return names.filter((name) => {
    const parts = collapse(name).split(' ').map(escape);
    if (parts.length === 0 || !parts[0]) return false;
    const end = DEVANAGARI.test(name) ? '' : '(?![\\p{L}\\p{M}\\p{N}])';
    return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${parts.join('\\s+')}${end}`, 'iu').test(haystack);
  });
}
