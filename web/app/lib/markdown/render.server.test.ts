import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import { describe, expect, it } from "vitest";
import { excerpt, htmlToPlainText, sanitizeRich } from "../sanitize.server";
import { renderMarkdownHere } from "./render.server";

const DEMO_BLOG = path.resolve(__dirname, "../../../../cms/demo-content/blog");
const demoPosts = readdirSync(DEMO_BLOG)
  .filter((file) => file.endsWith(".md"))
  .map((file) => [file, readFileSync(path.join(DEMO_BLOG, file), "utf8").replace(/^---\n[\s\S]*?\n---\n/, "")] as const);

/** The renderer the site used before markdown-it, as it was configured. */
const marked = new Marked({ gfm: true, breaks: false, async: false });
const markedHtml = (source: string) => marked.parse(source, { async: false });
const sameLayout = (html: string) => html.replace(/>\s+</g, "><").replace(/\s+/g, " ").trim();

describe("the demo posts render as they did with marked", () => {
  it("finds the 14 demo posts (English and Nepali)", () => {
    expect(demoPosts).toHaveLength(14);
  });

  it.each(demoPosts)("%s: the same sanitised HTML and summary", (_file, source) => {
    const { html, text } = renderMarkdownHere(source);
    expect(sameLayout(html)).toBe(sameLayout(sanitizeRich(markedHtml(source))));
    // The summary as toPlainText made it from marked's HTML.
    expect(text).toBe(htmlToPlainText(markedHtml(source)));
    expect(html.length).toBeGreaterThan(200);
  });
});

describe("blog Markdown", () => {
  it("renders Markdown to HTML", () => {
    const { html } = renderMarkdownHere("# Title\n\nSome **bold** text and a [link](https://example.org).\n\n- one\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow">link</a>');
    expect(html).toContain("<ul>");
  });

  it("keeps what marked gave for tables, strikethrough and bare links", () => {
    const source = "| a | b |\n|:--|--:|\n| 1 | 2 |\n\n~~gone~~ and www.example.org and https://example.org/x.";
    expect(sameLayout(renderMarkdownHere(source).html)).toBe(sameLayout(sanitizeRich(markedHtml(source))));
    expect(renderMarkdownHere(source).html).toContain('<th align="left">a</th>');
    expect(renderMarkdownHere(source).html).toContain("<del>gone</del>");
  });

  it("removes raw HTML attacks inside Markdown", () => {
    const md = [
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(1)">',
      "[click](javascript:alert(1))",
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<p style="position:fixed">styled</p>',
      '<iframe src="https://evil.example"></iframe>',
      "<form action='/x'><input></form>",
      "![pic](data:image/svg+xml;base64,PHN2Zz4=)",
    ].join("\n\n");
    const { html } = renderMarkdownHere(md);
    expect(html).not.toMatch(/<script|onerror|javascript:|style=|<iframe|<form|<input|data:/i);
    expect(html).toContain("styled");
  });

  it("lazy-loads images from http(s) and relative URLs", () => {
    const { html } = renderMarkdownHere("![A child](/uploads/photo.jpg)");
    expect(html).toContain('<img src="/uploads/photo.jpg" alt="A child" loading="lazy" decoding="async" />');
  });
});

describe("plain text of a rendering", () => {
  it("leaves headings out of summaries", () => {
    expect(renderMarkdownHere("# Getting ready\n\nThe older children helped.\n\n## After\n\nWe ate.").text).toBe(
      "The older children helped. We ate.",
    );
  });

  it("strips markup and decodes entities", () => {
    expect(renderMarkdownHere("**Rice & dal** <b>for</b> all\n\n> quoted").text).toBe("Rice & dal for all quoted");
  });

  it("cuts excerpts at a word boundary", () => {
    expect(excerpt("one two three four five six", 16)).toBe("one two three…");
    expect(excerpt("short", 12)).toBe("short");
  });
});
