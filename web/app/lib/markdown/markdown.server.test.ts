import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Set before the modules read their environment.
process.env.MARKDOWN_RENDER_TIMEOUT_MS = "500";
const { plainTextFallback, renderMarkdown, startMarkdownWorkers, stopMarkdownWorkers } = await import("./markdown.server");
const { renderMarkdownHere } = await import("./render.server");
const { ContentCache } = await import("../cache.server");
type RenderedMarkdown = import("./render.server").RenderedMarkdown;

beforeAll(() => startMarkdownWorkers());
afterAll(() => stopMarkdownWorkers());

describe("renderMarkdown (on the workers, within the time limit)", () => {
  it("gives what the renderer gives, once per source: later and concurrent calls share it", async () => {
    const source = "# Dashain\n\nKites, **tika** and [swings](https://example.org).\n";
    const [a, b] = await Promise.all([renderMarkdown(source, "test"), renderMarkdown(source, "test")]);
    expect(a).toEqual(renderMarkdownHere(source));
    expect(b).toBe(a);
    expect(await renderMarkdown(source, "test")).toBe(a);
    expect(await renderMarkdown(`${source} `, "test")).not.toBe(a);
    expect(await renderMarkdown("", "test")).toEqual({ html: "", text: "" });
  });

  it("shows a post that renders too slowly as escaped text, logs it once, and keeps rendering others", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    // Far past the limit for markdown-it (its speed per pattern is measured by `npm run bench`).
    const slow = `<b>x</b>\n\n${"[a](".repeat(500_000)}`;
    const [shown, other] = await Promise.all([renderMarkdown(slow, "blog 7 (ne)"), renderMarkdown("*fine*", "blog 8")]);
    expect(shown).toEqual(plainTextFallback(slow));
    expect(shown.html.startsWith("<p>&lt;b&gt;x&lt;/b&gt;</p>\n<p>[a](")).toBe(true);
    expect(other.html).toBe("<p><em>fine</em></p>\n");
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toMatch(
      /^\[markdown\] blog 7 \(ne\) \(sha256 [\w-]{16}\) took longer than 500 ms to render: shown as plain text$/,
    );
    // The same text again: the fallback kept, no second attempt or line.
    expect(await renderMarkdown(slow, "blog 7 (ne)")).toBe(shown);
    expect(log).toHaveBeenCalledTimes(1);
    // The workers serve on.
    expect((await renderMarkdown("after", "test")).html).toBe("<p>after</p>\n");
  });
});

describe("a rendering waiting for a free worker", () => {
  it("gives the caller the escaped text as a stand-in that the caches load again, and is kept when done", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Four renderings far past the limit: two run, two wait for the workers that replace them.
    const slow = [1, 2, 3, 4].map((n) => renderMarkdown(`${n}\n\n${"[a](".repeat(500_000)}`, `blog ${n}`));
    const source = "Some *emphasis* at last.";
    const cache = new ContentCache<RenderedMarkdown>({ enabled: true, maxEntries: 10, ttlMs: 60_000, staleIfErrorMs: 60_000 });
    const read = await cache.read("blog 9", () => renderMarkdown(source, "blog 9"));
    expect(read.value).toEqual(plainTextFallback(source));
    // Kept like a copy built from last good copies: loaded again a second later.
    expect(read.state).toBe("fallback");
    await Promise.all(slow);
    let later = await renderMarkdown(source, "blog 9");
    for (let tries = 0; tries < 20 && !later.html.includes("<em>"); tries++) later = await renderMarkdown(source, "blog 9");
    expect(later.html).toBe("<p>Some <em>emphasis</em> at last.</p>\n");
  }, 30_000);
});

describe("the plain-text fallback", () => {
  it("shows the source as escaped paragraphs, never as markup", () => {
    const { html, text } = plainTextFallback('<script>alert(1)</script> **a** & "b"\r\n\r\n  [x](javascript:y)  \n\n\n');
    expect(html).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt; **a** &amp; &quot;b&quot;</p>\n<p>[x](javascript:y)</p>");
    expect(text).toBe('<script>alert(1)</script> **a** & "b" [x](javascript:y)');
  });
});
