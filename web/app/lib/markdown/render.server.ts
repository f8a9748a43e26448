import MarkdownIt from "markdown-it";
import { htmlToPlainText, sanitizeRich } from "../sanitize.server";

/**
 * Blog Markdown -> safe HTML and its plain text, in one pass. markdown-it parses in linear time
 * (CommonMark + GFM tables and ~~strikethrough~~): a post's worst case at the field's 100,000
 * characters is well under a second, where marked took minutes (docs/decisions/017-bounded-markdown.md).
 * This runs in the markdown workers (worker.server.ts); pages go through markdown.server.ts.
 */
const md = new MarkdownIt("default", {
  // Raw HTML (<u>, <img>, <br>) is kept and left to sanitize-html's allow-list.
  html: true,
  // Bare https://… URLs and e-mail addresses become links.
  linkify: true,
  // No smart quotes or dashes: a post shows the characters its author typed.
  typographer: false,
  // A single newline is a soft break (CommonMark); a hard break takes two spaces or a backslash.
  breaks: false,
});

// Every link and image stays markup: sanitize-html's allowedSchemes is the one URL filter (markdown-it
// would otherwise leave "[x](javascript:…)" as literal text, which sanitize-html then shows as text).
md.validateLink = () => true;

// GFM's "www." autolinks. Fuzzy links stay off: they would also link a bare "example.org" or
// "notes.md". The tail is matched with linkify-it's own sticky, length-capped host/path pattern.
md.linkify.add("www.", {
  validate: (text, pos, self) => {
    const pattern = self.re.get_relative_proto_validator();
    pattern.lastIndex = pos;
    const match = pattern.exec(text);
    return match ? match[0].length : 0;
  },
  normalize: (match) => {
    match.url = `http://${match.url}`;
  },
});

// The HTML marked gave for tables and strikethrough, so the sanitize-html allow-list stays as it is:
// style="text-align:x" becomes align="x" (no style attribute passes), <s> becomes <del>.
md.core.ruler.push("marked_compat", (state) => {
  for (const token of state.tokens) {
    if ((token.type === "th_open" || token.type === "td_open") && token.attrs) {
      const align = /^text-align:(left|center|right)$/.exec(String(token.attrGet("style") ?? ""));
      token.attrs = token.attrs.filter(([name]) => name !== "style");
      if (align?.[1]) token.attrSet("align", align[1]);
    } else if (token.type === "inline" && token.children) {
      for (const child of token.children) if (child.type === "s_open" || child.type === "s_close") child.tag = "del";
    }
  }
});

export interface RenderedMarkdown {
  /** Sanitised HTML for the page. */
  html: string;
  /** Its text without headings, whitespace collapsed: excerpts, meta descriptions, feeds. */
  text: string;
}

/** Renders on the calling thread: only the workers and tests call this. */
export function renderMarkdownHere(source: string): RenderedMarkdown {
  const html = sanitizeRich(md.render(source ?? ""));
  return { html, text: htmlToPlainText(html) };
}
