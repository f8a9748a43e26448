import sanitizeHtml from "sanitize-html";

/**
 * Markup from the CMS is data, not code. Everything that reaches a page through
 * dangerouslySetInnerHTML passes one of these allow-lists first: no scripts, no event
 * handlers, no style attributes, no javascript:/data: URLs, no iframes or forms.
 */

// Hero slide headings and texts: "simple markup" only (the content type says em, strong, br).
const INLINE: sanitizeHtml.IOptions = {
  allowedTags: ["em", "strong", "b", "i", "br", "span", "small", "mark"],
  allowedAttributes: {},
  disallowedTagsMode: "discard",
};

export function sanitizeInline(html: string): string {
  return sanitizeHtml(html, INLINE).trim();
}

const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "em",
    "strong",
    "b",
    "i",
    // Underline, as the Strapi console's Underline button writes it.
    "u",
    "del",
    "s",
    "sub",
    "sup",
    "mark",
    "small",
    "a",
    "img",
    "figure",
    "figcaption",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page title is the only h1; headings inside a post start at h2.
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer nofollow" } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
};
// rel/loading/decoding are added by our own transforms, so they must survive the filter.
RICH.allowedAttributes = {
  ...(RICH.allowedAttributes as Record<string, string[]>),
  a: ["href", "title", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
};

/** HTML of blog Markdown (app/lib/markdown/) -> safe HTML for the page. */
export function sanitizeRich(html: string): string {
  return sanitizeHtml(html, RICH);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Plain text of HTML, for excerpts, meta descriptions and feeds. */
export function htmlToPlainText(html: string): string {
  // Headings are left out: in a summary they would run into the next sentence ("Getting ready The older…").
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "h1", "h2", "h3", "h4", "h5", "h6"],
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Cuts text at a word boundary near `max` characters and adds an ellipsis. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}
