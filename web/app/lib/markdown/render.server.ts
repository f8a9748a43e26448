import { htmlToPlainText, sanitizeRich } from "../sanitize.server";
import { createBlogMarkdownIt } from "./blog-markdown-it";

/**
 * Blog Markdown -> safe HTML and its plain text, in one pass. markdown-it parses in linear time
 * (CommonMark + GFM tables and ~~strikethrough~~): a post's worst case at the field's 100,000
 * characters is well under a second, where marked took minutes (docs/decisions/017-bounded-markdown.md).
 * This runs in the markdown workers (worker.server.ts); pages go through markdown.server.ts.
 */
const md = createBlogMarkdownIt();

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
