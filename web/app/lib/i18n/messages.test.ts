import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { format, translator } from "./index";
import { en, type MessageKey } from "./messages.en";

const APP = join(__dirname, "..", "..");
// The admin panel keeps its own texts; this test guards the public site.
const SKIP = [/^routes\/admin\//, /^components\/admin\//, /^lib\/admin\//, /\.test\.tsx?$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
const files = sourceFiles(APP).filter((f) => !SKIP.some((re) => re.test(relative(APP, f))));

describe("English message catalogue", () => {
  it("has no empty messages", () => {
    for (const [key, value] of Object.entries(en)) expect(value.trim(), key).not.toBe("");
  });

  it("contains the spec's texts word for word", () => {
    const spec: Partial<Record<MessageKey, string>> = {
      "notFound.title": "Oops! Page not found",
      "committee.title": "OUR COMMITTEE MEMBERS",
      "objectives.banner": "OUR OBJECTIVES",
      "organization.banner": "ORGANIZATION",
      "blog.loading": "Loading blog details...",
      "gallery.loadingImages": "Loading images...",
      "gallery.loadingVideos": "Loading videos...",
      "gallery.errorImages": "Error loading images: {error}",
      "gallery.errorVideos": "Error loading videos: {error}",
      "common.error": "Error: {error}",
      "committee.loadError": "Failed to fetch team members",
      "blog.notFound": "No blog found.",
      "errors.generic": "Something went wrong",
      "common.readMore": "Read more",
      "common.showLess": "Show less",
      "common.close": "Close",
      "gallery.images": "Images",
      "gallery.videos": "Videos",
      "nav.home": "Home",
      "nav.objectives": "Our Objectives",
      "nav.committee": "Committee",
      "nav.organization": "Organization",
      "nav.gallery": "Gallery",
      "nav.blogs": "Blogs",
      "nav.contact": "Contact Us",
      "footer.aboutUs": "About Us",
      "donate.method.paypal": "Paypal",
      "donate.method.offline": "Offline Donation",
      "donate.method.credit": "Credit Card",
      "donate.method.debit": "Debit Card",
    };
    for (const [key, text] of Object.entries(spec)) expect(en[key as MessageKey], key).toBe(text);
  });

  it("defines every key the code uses", () => {
    const used = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.]+)"/g)) used.add(match[1]!);
      for (const match of readFileSync(file, "utf8").matchAll(/label:\s*"([a-z]+\.[\w.]+)"/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it("has no unused keys", () => {
    // The catalogues themselves name every key: only code that uses them counts.
    const source = files
      .filter((f) => !/lib\/i18n\/messages\.[a-z]+\.ts$/.test(f))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const unused = Object.keys(en).filter((key) => !source.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  it("keeps user-visible text out of components (it belongs in the catalogue)", () => {
    const offenders: string[] = [];
    for (const file of files.filter((f) => f.endsWith(".tsx"))) {
      const code = readFileSync(file, "utf8")
        .replace(/\{\/\*[\s\S]*?\*\/\}/g, "") // JSX comments
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      // Text between JSX tags, and literal accessible names.
      for (const m of code.matchAll(/>\s*([^<>{}`=;()]*[A-Za-z]{3,}[^<>{}`=;()]*)\s*</g)) {
        offenders.push(`${relative(APP, file)}: ${m[1]!.trim()}`);
      }
      for (const m of code.matchAll(/\b(aria-label|title|alt|placeholder)="([^"]*[A-Za-z]{3,}[^"]*)"/g)) {
        offenders.push(`${relative(APP, file)}: ${m[1]}="${m[2]}"`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe("format", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(format("Error: {error}", { error: "boom" })).toBe("Error: boom");
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });

  it("translates through the catalogue", () => {
    expect(translator("en")("gallery.errorImages", { error: "timeout" })).toBe("Error loading images: timeout");
  });
});
