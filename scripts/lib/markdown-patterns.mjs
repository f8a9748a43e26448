// Markdown that makes parsers slow: the pathological inputs of cmark's, cmark-gfm's and md4c's test
// suites (nesting, unclosed openers, emphasis runs), the GFM extensions' (tables, autolinks,
// strikethrough) and block-level ones, 81 families in all. `markdownPattern(family, n)` is at most
// n characters of one of them. Used by `npm run bench` (render time per family at 1k/10k/100k) and
// by cms/tests/attacks-markdown.test.ts (a post of 100,000 characters on the site).

const rep = (unit, n) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
const repk = (unit, n) => unit.repeat(Math.max(1, Math.floor(n / unit.length)));
const half = (open, mid, close, n) => {
  const k = Math.max(1, Math.floor((n - mid.length) / (open.length + close.length)));
  return open.repeat(k) + mid + close.repeat(k);
};
const lines = (line, n) => {
  let s = "";
  for (let i = 0; s.length < n; i++) s += line(i);
  return s;
};

const FAMILIES = {
  // cmark / cmark-gfm / md4c pathological tests
  nested_strong_emph: (n) => half("*a **a ", "b", " a** a*", n),
  emph_closers_a_: (n) => repk("a_ ", n),
  emph_openers__a: (n) => repk("_a ", n),
  star_a: (n) => repk("*a ", n),
  star_a_nospace: (n) => repk("*a", n),
  a_star3: (n) => repk("a***", n),
  link_closers_a_bracket: (n) => repk("a]", n),
  link_openers_bracket_a: (n) => repk("[a", n),
  bracket_only: (n) => repk("[", n),
  close_paren_open: (n) => repk("](", n),
  mismatched_star_a_: (n) => repk("*a_ ", n),
  multiple_of_3: (n) => "a**b" + repk("c* ", n - 4),
  link_open_emph_close: (n) => repk("[ a_", n),
  broken_link_titles: (n) => repk("[ (](", n),
  img_link_bang: (n) => repk("![[]()", n),
  nested_brackets: (n) => half("[", "a", "]", n),
  nested_invalid_refs: (n) => half("[", "", "]", n - 12) + "\n\n[a]: /b\n",
  nested_blockquotes: (n) => repk("> ", n - 1) + "a",
  nested_blockquotes_tight: (n) => repk(">", n - 1) + "a",
  deeply_nested_lists: (n) => lines((i) => "  ".repeat(i) + "* a\n", n),
  nested_lists_dash: (n) => repk("- ", n - 1) + "a",
  broken_thematic_break: (n) => repk("* ", n - 1) + "a",
  nested_ol: (n) => repk("1. ", n - 1) + "a",
  nested_bq_list: (n) => repk("> - ", n - 1) + "a",
  backticks_growing: (n) => lines((i) => "e" + "`".repeat(i + 1), n),
  backtick_escapes: (n) => repk("\\``", n),
  backtick_a: (n) => repk("`a", n),
  unclosed_links_A: (n) => repk("[a](<b", n),
  unclosed_links_B: (n) => repk("[a](b", n),
  // The finding: "[a](" repeated (marked 16: 6.8 s for 5 KB).
  link_paren_open: (n) => repk("[a](", n),
  link_dest_parens: (n) => "[a](" + rep("(", n - 4),
  link_title_unclosed: (n) => repk('[a](b "', n),
  unclosed_comment: (n) => "</" + repk("<!--", n - 2),
  html_pi: (n) => "x" + repk("<?", n - 1),
  html_cdata: (n) => "x" + repk("<![CDATA[", n - 1),
  html_decl: (n) => "x" + repk("<!A", n - 1),
  html_lt_gt: (n) => repk("<>", n),
  unclosed_tag_a: (n) => repk("<a", n),
  unclosed_tag_attr: (n) => repk('<a href="', n),
  unclosed_tag_attr2: (n) => repk("<a b=c ", n),
  autolink_angle_unclosed: (n) => repk("<http://a", n),
  backslashes: (n) => rep("\\", n),
  entity_hex_open: (n) => repk("&#x", n),
  entity_amp: (n) => repk("&a", n),
  star_underscore_mix: (n) => repk("**_", n),
  many_references: (n) => {
    const refs = lines((i) => `[${i + 1}]: u\n`, Math.floor(n * 0.75));
    return refs + repk("[0] ", n - refs.length);
  },
  ref_collision_like: (n) => lines((i) => `[x${i}]: /url\n\n[x0]\n\n`, n),
  ref_defs_used: (n) => {
    const k = Math.floor(n / 30);
    let defs = "";
    let uses = "";
    for (let i = 0; i < k; i++) {
      defs += `[r${i}]: /u${i}\n`;
      uses += `[r${i}] `;
    }
    return uses + "\n\n" + defs;
  },
  many_links: (n) => repk("[t](/u) ", n),
  ref_x_x: (n) => repk("[x]: x\n", n),
  // GFM
  table_many_cols_rows: (n) => {
    const c = Math.max(1, Math.floor(n / 8));
    return "|a".repeat(c) + "|\n" + "|-".repeat(c) + "|\n" + lines(() => "|a".repeat(c) + "|\n", n / 2);
  },
  // A wide header, then many one-cell rows: each row becomes a full row of cells (markdown-it's worst case).
  table_amplify: (n) => {
    const c = Math.max(1, Math.floor(n / 8));
    return "|a".repeat(c) + "|\n" + "|-".repeat(c) + "|\n" + repk("x\n", n / 2);
  },
  table_many_rows: (n) => "|a|b|\n|-|-|\n" + repk("|a|b|\n", n - 12),
  table_cr_vt: (n) => repk("aaa\rbbb\n-\v\n", n),
  pipe_rows: (n) => lines(() => "|".repeat(80) + "\n", n - 80),
  pipe_one_line: (n) => rep("|", n),
  pipe_escaped: (n) => "a|b\n-|-\n" + repk("\\|", n - 8),
  strike_open: (n) => repk("~~a", n),
  tildes: (n) => rep("~", n),
  autolink_www: (n) => repk("www.", n),
  autolink_http: (n) => repk("http://", n),
  autolink_email: (n) => repk("a@", n),
  autolink_www_parens: (n) => "www.a.com/" + rep("(", n - 10),
  www_dot_tail: (n) => repk("www.a ", n),
  www_nospace: (n) => repk("www.a.", n),
  www_bad: (n) => repk("www._", n),
  www_long_path: (n) => "www.a.com/" + rep("a.", n - 10),
  www_many_labels: (n) => repk("www." + "a.".repeat(12), n),
  footnote_open: (n) => repk("[^", n),
  task_items: (n) => repk("- [ ] a\n", n),
  // blocks
  setext_eq: (n) => repk("a\n", n - 4) + "===",
  setext_dash: (n) => repk("a\n", n - 4) + "---",
  many_lines: (n) => repk("a\n", n),
  hard_breaks: (n) => repk("a  \n", n),
  unclosed_fences: (n) => repk("```\n", n),
  unclosed_fence_lines: (n) => "```\n" + repk("a\n", n - 4),
  html_block_div: (n) => repk("<div>\n", n),
  many_list_items: (n) => repk("- a\n", n),
  headings: (n) => repk("# a\n", n),
  indent_code: (n) => repk("    a\n", n),
  plain_words: (n) => repk("lorem ipsum ", n),
};

/** The names of the pattern families. */
export const markdownPatternFamilies = Object.keys(FAMILIES);

/** At most `n` characters of the family's pattern. */
export function markdownPattern(family, n) {
  const make = FAMILIES[family];
  if (!make) throw new Error(`no Markdown pattern family ${family}`);
  return make(n).slice(0, n);
}
