import {
  MarkdownParser,
  MarkdownSerializer,
  defaultMarkdownParser,
  defaultMarkdownSerializer,
  schema as commonmark,
} from "prosemirror-markdown";
import { Schema, type DOMOutputSpec, type Node as PMNode } from "prosemirror-model";
import { createBlogMarkdownIt } from "~/lib/markdown/blog-markdown-it";

/**
 * Blog Markdown <-> the editor's document. The document is read from the site's own markdown-it
 * tokens (the same configuration that renders the public page), so the editor holds what visitors
 * see, and it is written back by prosemirror-markdown's serializer. Nothing here needs a DOM: the
 * round-trip tests run it in Node.
 *
 * The schema is what the site renders (docs/decisions/017-bounded-markdown.md and sanitizeRich):
 * paragraphs, headings, quotes, lists, code, rules, images, links, emphasis, strikethrough and GFM
 * tables. Raw HTML in a post is kept as it was, shown as an uneditable chip.
 */
type Align = "left" | "right" | "center" | null;
const cellAttrs = { align: { default: null as Align } };
const cellDOM =
  (tag: string) =>
  (node: PMNode): DOMOutputSpec => [tag, node.attrs.align ? { style: `text-align: ${node.attrs.align}` } : {}, 0];

export const schema = new Schema({
  nodes: commonmark.spec.nodes.append({
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
  marks: commonmark.spec.marks.append({
    strike: { parseDOM: [{ tag: "s" }, { tag: "del" }], toDOM: () => ["del", 0] },
  }),
});

const cell = (name: string) => ({
  block: name,
  getAttrs: (token: { attrGet(name: string): string | null }) => ({ align: token.attrGet("align") }),
});

const parser = new MarkdownParser(schema, createBlogMarkdownIt(), {
  ...defaultMarkdownParser.tokens,
  s: { mark: "strike" },
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
  { ...defaultMarkdownSerializer.marks, strike: { open: "~~", close: "~~", mixable: true, expelEnclosingWhitespace: true } },
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
