import { z } from "zod";
import { childNamesIn, childNamesProblem, parseChildNames } from "@contract/child-names";

/**
 * The children's full names in the admin: the warning the content forms show while a name from
 * the home's list is written in them, and the form Managers keep the list with.
 */

/** The list form's one field: the names as staff type them, one per line. */
export const CHILD_NAMES_FIELD = "names";

export type ChildNamesValues = { [CHILD_NAMES_FIELD]: string };

/** One schema for the list form, in the browser and in the action: the CMS's own parsing and rules. */
export const childNamesSchema = z.object({
  [CHILD_NAMES_FIELD]: z.string().superRefine((text, context) => {
    const problem = childNamesProblem(parseChildNames(text));
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
});

/** A stored list as the form shows it. */
export const childNamesText = (names: readonly string[]) => names.join("\n");

const WORD = "[\\p{L}\\p{M}\\p{N}]";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** How many texts a finder remembers: a form's fields, the one being typed in among them. */
const REMEMBERED_TEXTS = 32;

/**
 * What `childNamesIn` answers for a form's texts, all at once: each listed name found in any of
 * them, once, in the list's order.
 *
 * Asking `childNamesIn` about every name means a search of the whole text per name (a thousand
 * names in a long post is tens of milliseconds per keystroke, seconds the first time). So the
 * list is compiled once: one search finds the words of the text that start a listed name (a
 * name matches only where its first word stands whole in the text, in any case), and only the
 * names starting with those words are asked about. Each text's answer is kept, so typing in one
 * field does not search the others again.
 */
export function childNamesFinder(names: readonly string[]): (texts: readonly string[]) => string[] {
  if (names.length === 0) return () => [];
  const byFirstWord = new Map<string, string[]>();
  // A name that does not start with a letter or digit cannot be found by its first word.
  const alwaysAsked: string[] = [];
  for (const name of names) {
    const firstWord = /^[\p{L}\p{M}\p{N}]+/u.exec(name.normalize("NFC").trim())?.[0];
    if (!firstWord) alwaysAsked.push(name);
    else byFirstWord.set(firstWord, [...(byFirstWord.get(firstWord) ?? []), name]);
  }
  const firstWords =
    byFirstWord.size > 0 ? new RegExp(`(?<!${WORD})(?:${[...byFirstWord.keys()].map(escape).join("|")})(?!${WORD})`, "giu") : null;

  const namesIn = (text: string): string[] => {
    if (!text) return [];
    const haystack = text.normalize("NFC");
    const seen = new Set<string>();
    if (firstWords) for (const match of haystack.matchAll(firstWords)) seen.add(match[0]);
    const asked = [...alwaysAsked];
    if (seen.size > 0) {
      // The same case-insensitive comparison the search made, for the first words it saw.
      const sameWord = new RegExp(`^(?:${[...seen].map(escape).join("|")})$`, "iu");
      for (const [firstWord, named] of byFirstWord) if (sameWord.test(firstWord)) asked.push(...named);
    }
    return asked.length > 0 ? childNamesIn(haystack, asked) : [];
  };

  const remembered = new Map<string, string[]>();
  const rememberedNamesIn = (text: string) => {
    const known = remembered.get(text);
    if (known) return known;
    const found = namesIn(text);
    if (remembered.size >= REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value!);
    remembered.set(text, found);
    return found;
  };

  return (texts) => {
    const found = new Set(texts.flatMap(rememberedNamesIn));
    return [...new Set(names.filter((name) => found.has(name)))];
  };
}
