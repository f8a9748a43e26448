import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, TEST_ENTRY, test } from "./support/fixtures";

// On the Nepali site every number a person reads is written in Devanagari digits: amounts,
// counts, dates, page numbers, list numbers. Phone numbers and e-mail addresses stay as they are
// (people dial and copy them), and so do tel: and mailto: targets, and the account numbers, SWIFT
// codes and registration numbers people copy into a banking app or check against papers
// (marked data-as-written).

const PHONE = /\+?\d[\d\s-]{6,}\d/g;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;

/** What a visitor reads on the page (rendered text, alt texts and accessible labels), minus phones and e-mails. */
async function readableText(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll("[alt], [aria-label], [title]")]
      .filter((el) => !el.closest("head"))
      .map((el) => [el.getAttribute("alt"), el.getAttribute("aria-label"), el.getAttribute("title")].filter(Boolean).join(" "));
    // Numbered lists: the markers a visitor sees come from list-style-type.
    const markers = [...document.querySelectorAll("main ol")].map((ol) => getComputedStyle(ol).listStyleType);
    return [document.body.innerText, ...labels, ...markers.map((type) => (type === "decimal" ? "1." : ""))].join("\n");
  });
  return withoutCopiedAsWritten(page.locator("body"), text).then((rest) => rest.replace(EMAIL, "").replace(PHONE, ""));
}

/** The text without what is shown as written (data-as-written: account numbers, SWIFT codes, PAN). */
async function withoutCopiedAsWritten(scope: Locator, text: string): Promise<string> {
  const asWritten = await scope.locator("[data-as-written]").allInnerTexts();
  return asWritten.reduce((rest, value) => rest.split(value).join(""), text);
}

/** Each line holding an ASCII digit, for a readable failure; entries other tests are making are theirs. */
const linesWithAsciiDigits = (text: string) => text.split("\n").filter((line) => /[0-9]/.test(line) && !TEST_ENTRY.test(line));

async function nepaliPaths(page: Page): Promise<string[]> {
  await page.goto("/ne/blogs");
  const posts = await page
    .getByTestId("blog-list")
    .locator("a[href^='/ne/blogs/details/']")
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  await page.goto("/ne/gallery");
  const images = await page.locator("[data-gallery-open]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  return [
    "/ne",
    "/ne/objectives",
    "/ne/current-committee",
    "/ne/organization",
    "/ne/blogs",
    ...posts,
    "/ne/gallery",
    "/ne/gallery?tab=videos",
    ...images.slice(0, 3),
    "/ne/contact",
    "/ne/donate",
    "/ne/no-such-page",
  ];
}

test("every /ne page shows numbers in Devanagari digits only (phones and e-mails aside)", async ({ page }) => {
  test.setTimeout(120_000);
  const paths = await nepaliPaths(page);
  expect(paths.length).toBeGreaterThan(10);
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    const lines = linesWithAsciiDigits(await readableText(page));
    if (lines.length) found[path] = lines;
  }
  expect(found).toEqual({});
});

test("the Nepali donation dialog and its pre-written e-mail use Devanagari digits", async ({ page }) => {
  await page.goto("/ne");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "दान गर्नुहोस्" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByText("रु. ४,०००").click();
  const dialogText = await withoutCopiedAsWritten(dialog, await dialog.innerText());
  expect(linesWithAsciiDigits(dialogText.replace(EMAIL, "").replace(PHONE, ""))).toEqual([]);
  const mailto = (await dialog.getByTestId("donate-mailto").getAttribute("href"))!;
  const [, query] = mailto.split("?");
  const mail = new URLSearchParams(query);
  expect(mail.get("subject")).toBe("रु. ४,००० दान");
  expect(linesWithAsciiDigits(mail.get("body")!)).toEqual([]);
  // The call button keeps the number people dial, in the digits phones use.
  await expect(dialog.locator("a[href^='tel:+977']")).toBeVisible();
});

test("a Nepali post numbers its ordered lists in Devanagari", async ({ page }) => {
  await page.goto("/ne/blogs");
  const first = page.getByTestId("blog-list").locator("a[href^='/ne/blogs/details/']").first();
  await first.click();
  const style = await page.evaluate(() => {
    const probe = document.createElement("ol");
    probe.innerHTML = "<li>एक</li>";
    document.querySelector("[data-testid='blog-content']")!.append(probe);
    return getComputedStyle(probe).listStyleType;
  });
  expect(style).toBe("devanagari");
});
