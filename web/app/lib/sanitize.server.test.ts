import { describe, expect, it } from "vitest";
import { htmlToPlainText, sanitizeInline } from "./sanitize.server";

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

describe("plain text of HTML", () => {
  it("leaves headings out and decodes entities", () => {
    expect(htmlToPlainText("<h2>Getting ready</h2><p>Rice &amp; dal &lt;3</p>\n<p>for   all</p>")).toBe("Rice & dal <3 for all");
  });
});
