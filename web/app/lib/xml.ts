/** Escapes text for XML element content and attribute values. */
export function xmlEscape(value: string): string {
  return (
    value
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Control characters are not allowed in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "")
  );
}

/**
 * Plain text as an RSS `<description>`. Feed readers take a description as HTML and decode it
 * once more after the XML, so the text is escaped as HTML first: a post that shows `<script>`
 * as text (written `&lt;script&gt;`, or in a code span) reaches the reader as those characters,
 * never as a tag, and nothing in it is markup.
 */
export function rssPlainText(value: string): string {
  return xmlEscape(value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
}
