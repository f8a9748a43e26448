import {
  MarkdownParser,
  MarkdownSerializer,
  defaultMarkdownParser,
  defaultMarkdownSerializer,
  schema as commonmark,
} from "prosemirror-markdown";
import { Schema, type DOMOutputSpec, type Node as PMNode } from "prosemirror-model";
import { imageUrl, isResizable } from "~/lib/images";
import { createBlogMarkdownIt } from "~/lib/markdown/blog-markdown-it";

/**
 * Blog Markdown <-> the editor's document. The document is read from the site's own markdown-it
 * tokens (the same configuration that renders the public page), so the editor holds what visitors
 * see, and it is written back by prosemirror-markdown's serializer. Nothing here needs a DOM: the
 * round-trip tests run it in Node.
 *
 * The schema is what the site renders (docs/decisions/017-bounded-markdown.md and sanitizeRich):
 * paragraphs, headings, quotes, lists, code, rules, images, links, emphasis, strikethrough and GFM
 * tables, and underline as the Strapi console writes it (`<u>…</u>`). Other raw HTML in a post is kept
 * as it was, shown as an uneditable chip.
 */
type Align = "left" | "right" | "center" | null;
const cellAttrs = { align: { default: null as Align } };
const cellDOM =
  (tag: string) =>
  (node: PMNode): DOMOutputSpec => [tag, node.attrs.align ? { style: `text-align: ${node.attrs.align}` } : {}, 0];

/**
 * Where the editor shows an image from: an upload as a resized copy from /img (the admin's
 * Content-Security-Policy, like the site's, takes images from the site only), also when the text
 * names it at the CMS's own address (the Strapi console's Image button). The Markdown keeps the
 * address as written; the public page serves it the same way (lib/markdown/post-photos.ts).
 */
export function shownImageSrc(src: string): string {
  const upload = /^https?:\/\/[^/?#]+(\/uploads\/[^?#]+)$/.exec(src)?.[1] ?? src;
  return isResizable(upload) ? imageUrl(upload, 800, "webp") : upload;
}

const IMAGE_DOM = (node: PMNode): DOMOutputSpec => [
  "img",
  {
    src: shownImageSrc(node.attrs.src as string),
    alt: node.attrs.alt as string | null,
    title: node.attrs.title as string | null,
    "data-src": node.attrs.src as string,
  },
];

export const schema = new Schema({
  nodes: commonmark.spec.nodes
    .update("image", {
      ...commonmark.spec.nodes.get("image")!,
      toDOM: IMAGE_DOM,
      parseDOM: [
        {
          tag: "img[data-src]",
          getAttrs: (dom) => ({
            src: (dom as HTMLElement).getAttribute("data-src"),
            alt: (dom as HTMLElement).getAttribute("alt"),
            title: (dom as HTMLElement).getAttribute("title"),
          }),
        },
        ...(commonmark.spec.nodes.get("image")!.parseDOM ?? []),
      ],
    })
    .append({
      // Tables from existing posts: kept and editable as text (the toolbar makes none).
      table: { content: "table_row+", group: "block", isolating: true, parseDOM: [{ tag: "table" }], toDOM: () => ["table", ["tbody", 0]] },
      table_row: { content: "(table_header | table_cell)+", parseDOM: [{ tag: "tr" }], toDOM: () => ["tr", 0] },
      table_header: { content: "inline*", attrs: cellAttrs, isolating: true, parseDOM: [{ tag: "th" }], toDOM: cellDOM("th") },
      table_cell: { content: "inline*", attrs: cellAttrs, isolating: true, parseDOM: [{ tag: "td" }], toDOM: cellDOM("td") },
      html_inline: {
        inline: true,
        group: "inline",
        atom: true,
        attrs: { html: {} },
        toDOM: (node) => ["code", { class: "raw-html", title: "HTML" }, node.attrs.html as string],
        parseDOM: [{ tag: "code.raw-html", getAttrs: (dom) => ({ html: (dom as HTMLElement).textContent }) }],
      },
      html_block: {
        group: "block",
        atom: true,
        attrs: { html: {} },
        toDOM: (node) => ["pre", { class: "raw-html" }, node.attrs.html as string],
        parseDOM: [{ tag: "pre.raw-html", getAttrs: (dom) => ({ html: (dom as HTMLElement).textContent }) }],
      },
    }),
  // Underline first: written outside the other marks, as the console's button wraps a selection.
  marks: commonmark.spec.marks
    .prepend({ underline: { parseDOM: [{ tag: "u" }], toDOM: () => ["u", 0] } })
    .append({ strike: { parseDOM: [{ tag: "s" }, { tag: "del" }], toDOM: () => ["del", 0] } }),
});

const cell = (name: string) => ({
  block: name,
  getAttrs: (token: { attrGet(name: string): string | null }) => ({ align: token.attrGet("align") }),
});

/**
 * The editor's reading of `<u>…</u>` (exactly those tags, in one paragraph) as an underline mark
 * instead of two raw HTML chips; the site renders the same tags as they are (sanitizeRich).
 */
function underlineTokens(md: ReturnType<typeof createBlogMarkdownIt>) {
  md.core.ruler.push("underline", (state) => {
    for (const block of state.tokens) {
      const children = block.type === "inline" ? block.children : null;
      if (!children) continue;
      const open: number[] = [];
      children.forEach((token, index) => {
        if (token.type !== "html_inline") return;
        if (/^<u>$/i.test(token.content)) open.push(index);
        else if (/^<\/u>$/i.test(token.content) && open.length > 0) {
          const start = children[open.pop()!]!;
          start.type = "u_open";
          token.type = "u_close";
        }
      });
    }
  });
  return md;
}

const parser = new MarkdownParser(schema, underlineTokens(createBlogMarkdownIt()), {
  ...defaultMarkdownParser.tokens,
  s: { mark: "strike" },
  u: { mark: "underline" },
  table: { block: "table" },
  thead: { ignore: true },
  tbody: { ignore: true },
  tr: { block: "table_row" },
  th: cell("table_header"),
  td: cell("table_cell"),
  html_inline: { node: "html_inline", noCloseToken: true, getAttrs: (token) => ({ html: token.content }) },
  html_block: { node: "html_block", noCloseToken: true, getAttrs: (token) => ({ html: token.content.replace(/\n+$/, "") }) },
});

/** Markdown -> the editor's document, read the way the public page reads it. */
export function parseMarkdown(markdown: string): PMNode {
  return parser.parse(markdown ?? "");
}

const ALIGN_RULE: Record<string, string> = { left: ":--", right: "--:", center: ":-:" };

const serializer: MarkdownSerializer = new MarkdownSerializer(
  {
    ...defaultMarkdownSerializer.nodes,
    bullet_list: (state, node) => state.renderList(node, "  ", () => "- "),
    table(state, node) {
      node.forEach((row, _, index) => {
        const cells: string[] = [];
        row.forEach((tableCell) => cells.push(cellMarkdown(tableCell)));
        state.write(`| ${cells.join(" | ")} |\n`);
        if (index === 0) {
          const rules: string[] = [];
          row.forEach((tableCell) => rules.push(ALIGN_RULE[(tableCell.attrs.align as string | null) ?? ""] ?? "---"));
          state.write(`| ${rules.join(" | ")} |\n`);
        }
      });
      state.closeBlock(node);
    },
    table_row() {},
    table_header() {},
    table_cell() {},
    html_inline: (state, node) => state.write(node.attrs.html as string),
    html_block(state, node) {
      state.write(node.attrs.html as string);
      state.closeBlock(node);
    },
  },
  {
    ...defaultMarkdownSerializer.marks,
    strike: { open: "~~", close: "~~", mixable: true, expelEnclosingWhitespace: true },
    underline: { open: "<u>", close: "</u>", mixable: true },
  },
  // Text typed as "<b>" or "&amp;" stays text: the site keeps raw HTML and entities, the editor's
  // html_* nodes hold the real ones.
  { escapeExtraCharacters: /<|&(?=#?\w+;)/g },
);

function cellMarkdown(tableCell: PMNode): string {
  return serializer
    .serialize(schema.node("doc", null, [schema.node("paragraph", null, tableCell.content)]))
    .replace(/\|/g, "\\|")
    .replace(/\n/g, " ");
}

/** The editor's document -> Markdown: paragraphs apart by a blank line, "-" bullets, tight lists. */
export function serializeMarkdown(doc: PMNode): string {
  return serializer.serialize(doc, { tightLists: true });
}
