import { describe, expect, it } from "vitest";
import { excerpt, renderMarkdown, sanitizeInline, toPlainText } from "./sanitize.server";

describe("hero markup (inline)", () => {
  it("keeps the simple markup the CMS allows", () => {
    expect(sanitizeInline("A <strong>safe</strong> home<br>for <em>all</em>")).toBe("A <strong>safe</strong> home<br />for <em>all</em>");
  });

  it("drops scripts, handlers, styles, links and images", () => {
    const dirty =
      '<script>alert(1)</script><strong onclick="x()" style="color:red">Hi</strong><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><iframe src="//evil"></iframe>';
    const clean = sanitizeInline(dirty);
    expect(clean).toBe("<strong>Hi</strong>x");
    expect(clean).not.toMatch(/script|onclick|style|javascript|onerror|iframe|<a|<img/i);
  });
});

describe("blog Markdown", () => {
  it("renders Markdown to HTML", () => {
    const html = renderMarkdown("# Title\n\nSome **bold** text and a [link](https://example.org).\n\n- one\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow">link</a>');
    expect(html).toContain("<ul>");
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
    const html = renderMarkdown(md);
    expect(html).not.toMatch(/<script|onerror|javascript:|style=|<iframe|<form|<input|data:/i);
    expect(html).toContain("styled");
  });

  it("lazy-loads images from http(s) and relative URLs", () => {
    const html = renderMarkdown("![A child](/uploads/photo.jpg)");
    expect(html).toContain('<img src="/uploads/photo.jpg" alt="A child" loading="lazy" decoding="async" />');
  });
});

describe("plain text", () => {
  it("leaves headings out of summaries", () => {
    expect(toPlainText("# Getting ready\n\nThe older children helped.\n\n## After\n\nWe ate.")).toBe("The older children helped. We ate.");
  });

  it("strips markup and decodes entities", () => {
    expect(toPlainText("**Rice & dal** <b>for</b> all\n\n> quoted")).toBe("Rice & dal for all quoted");
  });

  it("cuts excerpts at a word boundary", () => {
    expect(excerpt("one two three four five six", 16)).toBe("one two three…");
    expect(excerpt("short", 12)).toBe("short");
  });
});
