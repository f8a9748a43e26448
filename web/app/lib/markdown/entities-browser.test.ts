// @vitest-environment jsdom
import { decodeHTMLStrict as reference } from "entities";
import { describe, expect, it } from "vitest";
import { decodeHTMLStrict } from "./entities-browser";

// Named references as markdown-it hands them over ("&name;"), the common ones and the tricky ones:
// legacy prefixes ("&ampx;", "&notit;"), two-character results, unknown names, case.
const NAMES = [
  "amp",
  "lt",
  "gt",
  "quot",
  "apos",
  "nbsp",
  "copy",
  "reg",
  "hellip",
  "mdash",
  "ndash",
  "eacute",
  "Eacute",
  "rsquo",
  "ldquo",
  "euro",
  "rupee",
  "times",
  "divide",
  "notin",
  "not",
  "notit",
  "ampx",
  "copyx",
  "NotEqualTilde",
  "fjlig",
  "ThickSpace",
  "foo",
  "AMP",
  "Amp",
  "lt1",
  "semi",
  "colon",
];

describe("the browser's entity decoder stands in for entities' decodeHTMLStrict", () => {
  it.each(NAMES)("&%s;", (name) => {
    expect(decodeHTMLStrict(`&${name};`)).toBe(reference(`&${name};`));
  });
});
