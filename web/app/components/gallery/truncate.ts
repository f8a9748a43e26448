/** Video descriptions are cut at 80 characters. */
export const VIDEO_DESCRIPTION_LIMIT = 80;

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** User-perceived characters: a Devanagari conjunct or an emoji is one, not several code units. */
function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

export interface Truncated {
  text: string;
  truncated: boolean;
}

/** The first `limit` characters plus "...", or the whole text when it is short enough. */
export function truncateText(text: string, limit = VIDEO_DESCRIPTION_LIMIT): Truncated {
  const chars = graphemes(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join("").trimEnd()}...`, truncated: true };
}
