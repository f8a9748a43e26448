import MarkdownIt from "markdown-it";

type BlogMarkdownIt = InstanceType<typeof MarkdownIt>;

/**
 * The one reading of blog Markdown: the site renders posts with it (render.server.ts) and the staff
 * editor builds its document from its tokens (components/admin/editor/blog-document.ts), so the
 * editor shows a post exactly as visitors get it. No Node APIs: it runs in the browser too.
 */
export function createBlogMarkdownIt(): BlogMarkdownIt {
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
  return md;
}
