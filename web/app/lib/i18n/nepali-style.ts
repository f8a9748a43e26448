/**
 * The site's Nepali writing conventions as checks (docs/nepali-style.md says why each one).
 * The catalogue test and the demo-content test both apply them, so a careless string in
 * either place fails a test instead of reaching a reader.
 */

/** Postpositions that are never a word of their own: they join the word before them. */
const POSTPOSITIONS = "मा|को|का|की|ले|लाई|बाट|देखि|सम्म|मार्फत|सँग|प्रति|भित्र|बारे|मध्ये|तिर|अनुसार";

/**
 * A postposition standing apart after a placeholder (`{label} मा`), a word (`बालक का`) or a
 * closing bracket (`(…) का लागि`). After a number it may stand apart (`वि.सं. २०६८ देखि`): the
 * site adds the AD year in brackets after a BS year, and Nepali writes figures apart.
 */
const DETACHED_POSTPOSITION = new RegExp(
  `(?:\\}|\\)|[\\u0900-\\u0963\\u0970-\\u097F])[ \\t]+(?:${POSTPOSITIONS})(?![\\u0900-\\u097F])`,
  "u",
);

/**
 * The anusvara (ं) is written only before य र ल व श ष स ह and in the abbreviations वि.सं. and नं.:
 * a nasal vowel takes the chandrabindu (तपाईँ, फर्कँदा) and a nasal before a stop is the stop's own
 * nasal consonant (बैङ्क, सञ्चालन, सुन्दर).
 */
const MISPLACED_ANUSVARA = /ं(?![यरलवशषसह.])/u;

export interface StyleProblem {
  rule: "detached postposition" | "anusvara";
  /** The offending text with a little context. */
  at: string;
}

/** Every place a Nepali text breaks one of the conventions above. */
export function nepaliStyleProblems(text: string): StyleProblem[] {
  const problems: StyleProblem[] = [];
  const scan = (rule: StyleProblem["rule"], pattern: RegExp) => {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      const start = Math.max(0, match.index - 12);
      problems.push({ rule, at: text.slice(start, match.index + match[0].length + 4) });
    }
  };
  scan("detached postposition", DETACHED_POSTPOSITION);
  scan("anusvara", MISPLACED_ANUSVARA);
  return problems;
}
