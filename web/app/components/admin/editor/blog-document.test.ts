import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdownHere } from "~/lib/markdown/render.server";
import { parseMarkdown, serializeMarkdown, shownImageSrc } from "./blog-document";

// Markdown a post may hold: what the toolbar writes, what people type by hand, what the Strapi
// console and older posts hold (raw HTML, tables, entities), and the corners where Markdown
// readers disagree.
const SAMPLES: Record<string, string> = {
  paragraphs: "First paragraph.\n\nSecond paragraph with a\nsoft-wrapped line.",
  bold: "Some **bold** text.",
  italic: "Some *italic* text.",
  headings: "# Title\n\n## Section\n\nText.",
  bullets: "- one\n- two\n- three",
  ordered: "1. one\n2. two\n3. three",
  nested: "- a\n  - a1\n  - a2\n- b\n\n1. x\n   1. x1\n2. y",
  orderedStart3: "3. three\n4. four",
  quote: "> A quote\n> on two lines.",
  link: "See [link](https://x) here.",
  image: "![alt](/uploads/a.jpg)",
  imageInline: 'Text ![alt](/uploads/a.jpg "Title") more.',
  hardBreaks: "Line one  \nLine two\\\nLine three",
  table: "| A | B |\n| --- | --- |\n| 1 | **2** |",
  inlineCode: "Use `npm install` now.",
  fenced: "```js\nconst a = 1;\n```",
  rule: "Above\n\n---\n\nBelow",
  escapedList: "1\\. not a list",
  literalStar: "2 * 3 = 6 and \\*not italic\\*",
  devanagari: "नमस्ते **बालबालिका**",
  htmlInline: "Some <u>x</u> text.",
  htmlSub: "H<sub>2</sub>O",
  strike: "~~gone~~ here",
  autolink: "Visit https://example.org today.",
  entities: "AT&amp;T and &lt;b&gt; literally",
  htmlBlock: "<div>\nblock html\n</div>",
  lessThanBraces: "If a < b then {x} and 5 > 3",
  singleTilde: "~one~ tilde",
  angleAutolink: "<https://x.org>",
  refLink: "A [ref link][1].\n\n[1]: https://x.org",
  setext: "Setext\n===",
  indentedCode: "    indented code",
  plusList: "+ plus\n+ list",
  parenList: "1) paren\n2) list",
  taskList: "- [ ] todo\n- [x] done",
  nestedQuoteList: "> - quoted item\n>\n> para",
  imageInLink: "[![alt](/uploads/a.jpg)](https://x.org)",
  boldItalicMix: "***both*** and **bold *nested* bold**",
  codeWithBackticks: "`` a ` b ``",
  trailingHash: "## Closed ##",
  underscoreWord: "snake_case_name and __strong__ and _em_",
  wwwLink: "See www.example.org/a_b and https://example.org/x_y_z today.",
  email: "Write to office@example.org please.",
  underlineConsole: "Console <u>underline</u> and <br> break.",
  entityNumeric: "Caf&#233; &copy; 2026 &nbsp; end",
  typedHtmlText: "Type \\<b> to see <b>",
  headingLevels: "# One\n\n### Three\n\n#### Four\n\n###### Six",
  looseList: "- first\n\n- second\n\n  more of second",
  imageTitle: '![A child reading](/uploads/reading.jpg "Library")',
  linkTitle: '[home](https://example.org "The home")',
  hardBreakInList: "- one  \n  still one",
  emptyish: "   ",
  nepaliPost: "## दशैँ\n\nबालबालिकाले **टीका** लगाए।\n\n- पिङ\n- चङ्गा\n\n१. पहिलो\n२. दोस्रो",
  underlineBold: "A <u>**bold** underline</u> and <U>caps</U>, <u>unclosed and </u></u> extra.",
  underlineInside: "**bold <u>under</u> more** and *<u>x</u>*",
  underlineInList: "- <u>one</u>\n- two <u>x</u>",
  consoleImage: "![Kites](http://127.0.0.1:1337/uploads/kites_ab12.jpg)\n\nText ![](/uploads/b.png) here.",
  tableAlign: "| Left | Centre | Right |\n| :-- | :-: | --: |\n| a \\| b | *c* | `d` |",
};
SAMPLES.combined = Object.values(SAMPLES).join("\n\n");

const DEMO_BLOG = path.resolve(__dirname, "../../../../../cms/demo-content/blog");
const DEMO_POSTS = Object.fromEntries(
  readdirSync(DEMO_BLOG)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => [name, readFileSync(path.join(DEMO_BLOG, name), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "")]),
);

const BLOCK = "p|li|ul|ol|h[1-6]|blockquote|pre|table|thead|tbody|tr|th|td|hr|br";
const MARK = "em|strong|u|del";
/**
 * The page's HTML as a browser lays it out: a run of white space is one space, none around blocks,
 * and two formatting tags around the same text in one order (`<u><em>x</em></u>` and
 * `<em><u>x</u></em>` look the same: the editor holds formatting as a set, not nested).
 */
function layout(html: string): string {
  return html
    .replace(/\s+/g, " ")
    .replace(new RegExp(` ?(</?(?:${BLOCK})\\b[^>]*>) ?`, "g"), "$1")
    .replace(new RegExp(`<(${MARK})><(${MARK})>([^<]*)</\\2></\\1>`, "g"), (_, outer: string, inner: string, text: string) => {
      const [first, second] = [outer, inner].sort();
      return `<${first}><${second}>${text}</${second}></${first}>`;
    })
    .trim();
}
const roundTrip = (markdown: string) => serializeMarkdown(parseMarkdown(markdown));

describe("a post opened in the editor and saved unchanged renders as before", () => {
  it.each(Object.entries({ ...SAMPLES, ...DEMO_POSTS }))("%s", (_, markdown) => {
    const once = roundTrip(markdown);
    expect(layout(renderMarkdownHere(once).html)).toBe(layout(renderMarkdownHere(markdown).html));
    // Saving again changes nothing more.
    expect(roundTrip(once)).toBe(once);
  });

  it("covers every demo post in both languages", () => {
    expect(Object.keys(DEMO_POSTS).filter((name) => name.endsWith(".ne.md")).length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(DEMO_POSTS).length).toBeGreaterThanOrEqual(14);
  });
});

describe("what the editor writes", () => {
  it("writes separate paragraphs with a blank line between them", () => {
    const doc = parseMarkdown("");
    const { paragraph } = doc.type.schema.nodes;
    const text = (s: string) => doc.type.schema.text(s);
    const typed = doc.type.create(
      null,
      ["First.", "Second.", "Third."].map((s) => paragraph!.create(null, text(s))),
    );
    const markdown = serializeMarkdown(typed);
    expect(markdown).toBe("First.\n\nSecond.\n\nThird.");
    expect(renderMarkdownHere(markdown).html).toBe("<p>First.</p>\n<p>Second.</p>\n<p>Third.</p>\n");
  });

  it("keeps typed Markdown characters and tags as text", () => {
    const { schema } = parseMarkdown("").type;
    const typed = schema.node("doc", null, [schema.node("paragraph", null, schema.text("2 * 3 <b>not bold</b> &amp; # no heading"))]);
    expect(renderMarkdownHere(serializeMarkdown(typed)).html).toBe("<p>2 * 3 &lt;b&gt;not bold&lt;/b&gt; &amp;amp; # no heading</p>\n");
  });
});

describe("what the Strapi console writes", () => {
  it("reads <u>…</u> as underline, which the editor shows and writes back", () => {
    const doc = parseMarkdown("A <u>very **happy**</u> day");
    const underlined: string[] = [];
    doc.descendants((node) => {
      if (node.isText && node.marks.some((mark) => mark.type.name === "underline")) underlined.push(node.text!);
    });
    expect(underlined).toEqual(["very ", "happy"]);
    expect(doc.textContent).toBe("A very happy day");
    expect(serializeMarkdown(doc)).toBe("A <u>very **happy**</u> day");
  });

  it("writes underline made in the editor as <u>", () => {
    const { schema } = parseMarkdown("").type;
    const typed = schema.node("doc", null, [
      schema.node("paragraph", null, [schema.text("Dashain "), schema.text("tika", [schema.marks.underline!.create()])]),
    ]);
    expect(serializeMarkdown(typed)).toBe("Dashain <u>tika</u>");
    expect(renderMarkdownHere(serializeMarkdown(typed)).html).toBe("<p>Dashain <u>tika</u></p>\n");
  });

  it("shows images as images, uploads through /img, also at the CMS's own address, and keeps the address as written", () => {
    const markdown = "![Kites](http://127.0.0.1:1337/uploads/kites_ab12.jpg)";
    const doc = parseMarkdown(markdown);
    const image = doc.firstChild!.firstChild!;
    expect(image.type.name).toBe("image");
    expect(image.attrs.alt).toBe("Kites");
    expect(shownImageSrc(image.attrs.src as string)).toBe("/img/800/webp/kites_ab12.jpg");
    expect(shownImageSrc("/uploads/a.png")).toBe("/img/800/webp/a.png");
    expect(shownImageSrc("/uploads/logo.svg")).toBe("/uploads/logo.svg");
    expect(shownImageSrc("https://example.org/a.jpg")).toBe("https://example.org/a.jpg");
    expect(serializeMarkdown(doc)).toBe(markdown);
  });
});
