import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

// What a careful look at 360-1366 px found on the public site: header, donation dialog, mobile
// menu and map, in English and Nepali.

/** How many lines an element's text is laid out on (icons beside it do not count). */
const textLines = (locator: Locator) =>
  locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const tops = new Set<number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });

/** The brand name is shown whole: nothing cut by its line clamp or its box. */
const brandIsWhole = (page: Page) =>
  page
    .getByRole("banner")
    .locator("a")
    .first()
    .locator("span")
    .evaluate((span) => span.scrollHeight <= span.clientHeight + 1 && span.scrollWidth <= span.clientWidth + 1);

for (const width of [360, 390]) {
  for (const base of ["", "/ne"]) {
    test(`at ${width} px the site name in the header is shown whole (${base || "/"})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(base || "/");
      const brand = page.getByRole("banner").locator("a").first().locator("span");
      await expect(brand).toBeVisible();
      expect(await brandIsWhole(page)).toBe(true);
      // Nothing in the header row runs past the screen's edge.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}

for (const width of [1280, 1366]) {
  test(`at ${width} px the header shows the social link beside the switcher`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    const social = page.getByRole("banner").getByRole("link", { name: /^Follow us on/ });
    await expect(social).toBeVisible();
    const box = (await social.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // It does not sit on top of the last navigation link.
    const contact = (await page.getByRole("banner").getByRole("link", { name: "Contact Us", exact: true }).boundingBox())!;
    expect(contact.x + contact.width).toBeLessThanOrEqual(box.x);
    expect(await brandIsWhole(page)).toBe(true);
  });
}

test("at 1280 px the donation dialog's call button keeps the phone number on one line", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Donate" }).click();
  const call = page.getByRole("dialog").getByRole("link", { name: /^Call / });
  await expect(call).toBeVisible();
  expect(await textLines(call)).toBe(1);
});

test.describe("the mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  const openMenu = async (page: Page) => {
    await page.goto("/blogs");
    await hydrated(page);
    const menu = page.locator("header details[data-menu]");
    await menu.locator("summary").click();
    await expect(menu.getByRole("navigation")).toBeVisible();
    return menu;
  };

  test("closes when the visitor taps outside it", async ({ page }) => {
    const menu = await openMenu(page);
    // A spot below the open menu that is plain page (a tap on a link there would also follow it).
    const spot = await page.evaluate(() => {
      const bottom = document.querySelector("header details nav")!.getBoundingClientRect().bottom;
      for (let y = Math.ceil(bottom) + 10; y < window.innerHeight; y += 10) {
        const hit = document.elementFromPoint(20, y);
        if (hit && !hit.closest("a, button, summary, input, label")) return { x: 20, y };
      }
      return null;
    });
    expect(spot).not.toBeNull();
    await page.mouse.click(spot!.x, spot!.y);
    await expect(menu.getByRole("navigation")).toBeHidden();
    await expect(page).toHaveURL("/blogs");
  });

  test("closes when Tab moves past its last link", async ({ page }) => {
    const menu = await openMenu(page);
    const links = menu.getByRole("navigation").getByRole("link");
    await links.last().focus();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("navigation")).toBeHidden();
  });

  test("closes on Escape also when focus is outside it", async ({ page }) => {
    const menu = await openMenu(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("navigation")).toBeHidden();
  });

  test("on the staff login (a hydrated page) it closes the same ways", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    const menu = page.locator("header details[data-menu]");
    await menu.locator("summary").click();
    await expect(menu.getByRole("navigation")).toBeVisible();
    await page.mouse.click(20, 820);
    await expect(menu.getByRole("navigation")).toBeHidden();
    await expect(page).toHaveURL("/login");
    await menu.locator("summary").click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("navigation")).toBeHidden();
  });
});

test("the map's accessible name is its label, said once, in both languages", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("main").locator("iframe")).toHaveAttribute("title", /^Map of Tansen, Palpa/);
  await page.goto("/ne/contact");
  const title = await page.getByRole("main").locator("iframe").getAttribute("title");
  expect(title).toMatch(/नक्सा$/);
  expect(title).not.toMatch(/नक्सा.*नक्सा/);
});

test("Nepali donation amounts and the pre-written e-mail use Devanagari digits; 'फेसबुकमा' is one word", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/ne");
  await hydrated(page);
  await expect(page.getByRole("banner").getByRole("link", { name: /^फेसबुकमा / })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "दान गर्नुहोस्" }).click();
  const dialog = page.getByRole("dialog");
  for (const amount of ["१,०००", "२,०००", "३,०००", "४,०००", "५,०००"]) {
    await expect(dialog.getByRole("radio", { name: `रु. ${amount}` })).toHaveCount(1);
  }
  await dialog.getByText("रु. ३,०००").click();
  const href = decodeURIComponent((await dialog.getByTestId("donate-mailto").getAttribute("href"))!);
  expect(href).toContain("३,०००");
  expect(href.replace(/^mailto:[^?]+/, "")).not.toMatch(/[0-9]/);
});

test("every item of the home page's and the organization page's lists has its check mark beside its text", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/", "/ne", "/organization"]) {
    await page.goto(path);
    const marks = await page.locator("li.mark-check, li.mark-check-circle").evaluateAll((items) =>
      items.map((li) => {
        const mark = getComputedStyle(li, "::before");
        const text = li.firstElementChild!.getBoundingClientRect();
        return {
          size: `${mark.width} x ${mark.height}`,
          drawn: /url\("data:image\/svg\+xml/.test(mark.maskImage || mark.getPropertyValue("-webkit-mask-image")),
          colour: mark.backgroundColor,
          textRightOfMark: text.left - li.getBoundingClientRect().left >= Number.parseFloat(mark.width),
        };
      }),
    );
    // Benefit cards (18 px ticks), participation (26 px) and admission lists (20 px) on the home
    // page; standards (22 px) and challenges (20 px) on the organization page.
    expect(marks.length, path).toBeGreaterThan(path === "/organization" ? 5 : 40);
    for (const mark of marks) {
      expect(mark.size, path).toMatch(/^(18|20|22|26)px x (18|20|22|26)px$/);
      expect(mark, path).toMatchObject({ drawn: true, colour: "rgb(46, 107, 94)", textRightOfMark: true });
    }
  }
});
