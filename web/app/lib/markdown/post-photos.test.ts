// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { photoUrlsIn, POST_PHOTO_SIZES, withPostPhotos } from "./post-photos";
import { renderMarkdownHere } from "./render.server";

const CMS = "http://127.0.0.1:1337";
const photo = { url: "/uploads/dashain_ab12.jpg", width: 4000, height: 3000 };

/** A post's Markdown as visitors get it: rendered, sanitised, its photos resized. */
const shown = (markdown: string, photos = {}) => withPostPhotos(renderMarkdownHere(markdown).html, photos);

function images(html: string) {
  const document = new DOMParser().parseFromString(html, "text/html");
  return [...document.querySelectorAll("img")];
}

describe("photos inside a post", () => {
  it("are served through /img at the widths the text column needs, lazy, with width and height, never the original", () => {
    const html = shown("Dashain.\n\n![Children flying kites](/uploads/dashain_ab12.jpg)", { [photo.url]: photo });
    const [img] = images(html);
    expect(img).toBeDefined();
    expect(img!.getAttribute("src")).toMatch(/^\/img\/\d+\/jpeg\/dashain_ab12\.jpg$/);
    const widths = img!
      .getAttribute("srcset")!
      .split(", ")
      .map((candidate) => /^\/img\/(\d+)\/jpeg\/dashain_ab12\.jpg (\d+)w$/.exec(candidate));
    expect(widths.every(Boolean)).toBe(true);
    expect(Math.min(...widths.map((m) => Number(m![1])))).toBeGreaterThanOrEqual(280);
    expect(Math.max(...widths.map((m) => Number(m![1])))).toBeLessThanOrEqual(4000);
    expect(img!.getAttribute("sizes")).toBe(POST_PHOTO_SIZES);
    expect(img!.getAttribute("width")).toBe("4000");
    expect(img!.getAttribute("height")).toBe("3000");
    expect(img!.getAttribute("alt")).toBe("Children flying kites");
    expect(img!.getAttribute("loading")).toBe("lazy");
    expect(img!.getAttribute("decoding")).toBe("async");
    expect(img!.parentElement!.tagName).toBe("PICTURE");
    expect(img!.parentElement!.querySelector("source[type='image/webp']")!.getAttribute("srcset")).toMatch(
      /^\/img\/\d+\/webp\/dashain_ab12\.jpg \d+w/,
    );
    expect(html).not.toMatch(/["\s]\/uploads\//);
  });

  it("go through /img when written with the CMS's own address (the Strapi console's Image button)", () => {
    const absolute = `${CMS}/uploads/dashain_ab12.jpg`;
    const markdown = `![Kites](${absolute})\n\n<img src="${absolute}" alt="Kites again">`;
    const html = shown(markdown, { [absolute]: photo });
    expect(photoUrlsIn(renderMarkdownHere(markdown).html)).toEqual([absolute]);
    const found = images(html);
    expect(found).toHaveLength(2);
    for (const img of found) {
      expect(img.getAttribute("src")).toMatch(/^\/img\/\d+\/jpeg\/dashain_ab12\.jpg$/);
      expect(img.getAttribute("width")).toBe("4000");
    }
    expect(html).not.toContain(CMS);
    expect(html).not.toMatch(/["\s]\/uploads\//);
  });

  it("go through /img without a size when the CMS does not know the upload; other images are left alone", () => {
    const html = shown("![Old](/uploads/old.png)\n\n![Elsewhere](https://example.org/a.jpg)\n\n![Logo](/uploads/logo.svg)");
    const [old, elsewhere, logo] = images(html);
    expect(old!.getAttribute("src")).toMatch(/^\/img\/\d+\/png\/old\.png$/);
    expect(old!.hasAttribute("width")).toBe(false);
    expect(old!.getAttribute("loading")).toBe("lazy");
    expect(elsewhere!.getAttribute("src")).toBe("https://example.org/a.jpg");
    // Not a format /img resizes: the upload itself, as before (same origin through the /uploads proxy).
    expect(logo!.getAttribute("src")).toBe("/uploads/logo.svg");
  });

  it("keep alt text and titles escaped", () => {
    const html = shown('![A "quoted" <b>alt</b> & more](/uploads/dashain_ab12.jpg "Title & \\"more\\"")', { [photo.url]: photo });
    const [img] = images(html);
    // Markup in alt text stays text.
    expect(img!.getAttribute("alt")).toBe('A "quoted" <b>alt</b> & more');
    expect(img!.getAttribute("title")).toBe('Title & "more"');
    expect(html).not.toMatch(/<b>/);
  });
});

describe("underline", () => {
  it("is rendered as the Strapi console writes it", () => {
    expect(renderMarkdownHere("A <u>very</u> happy day").html).toBe("<p>A <u>very</u> happy day</p>\n");
  });

  it("keeps no attributes", () => {
    expect(renderMarkdownHere('<u style="color:red" onclick="x()">x</u>').html).toBe("<p><u>x</u></p>\n");
  });
});
