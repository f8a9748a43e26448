import { describe, expect, it } from "vitest";
import { renderMarkdownHere } from "./markdown/render.server";
import { rssPlainText, xmlEscape } from "./xml";

/** What a feed reader has after reading the XML: one level of entities decoded. */
const xmlUnescape = (value: string) =>
  value.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!);

describe("xmlEscape", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(xmlEscape(`<a href="x">'&'</a>\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});

describe("rssPlainText (an RSS description)", () => {
  /** A post's summary as the feed gets it: the plain text of its rendering. */
  const plainText = (markdown: string) => renderMarkdownHere(markdown).text;
  // A post's summary is its text: markup a post shows as text (escaped, or in a code span) came
  // out of the plain text as `<img ...>`, and readers decoded the description into a live tag.
  const posts = [
    "&lt;img src=x onerror=alert(1)&gt; shown as text",
    "`<script>alert(1)</script>` in a code span",
    "    <iframe src=https://evil.example></iframe>\n\nindented code",
    "&amp;lt;b&amp;gt;twice escaped&amp;lt;/b&amp;gt;",
    "Rice & dal for children < 5 > 3",
  ];

  it("the summaries do hold the characters of markup", () => {
    for (const markdown of posts.slice(0, 3)) expect(plainText(markdown), markdown).toMatch(/<\w+[^>]*>/);
  });

  it.each(posts)("%j: no markup after the XML is read, the text as it was written", (markdown) => {
    const text = plainText(markdown);
    const description = xmlUnescape(rssPlainText(text));
    expect(description).not.toMatch(/[<>]/);
    // As HTML, the reader shows exactly the text.
    expect(xmlUnescape(description)).toBe(text);
  });

  it("keeps ordinary text readable", () => {
    expect(xmlUnescape(rssPlainText("Rice & dal at Dashain"))).toBe("Rice &amp; dal at Dashain");
    expect(rssPlainText("नमस्ते")).toBe("नमस्ते");
  });
});
