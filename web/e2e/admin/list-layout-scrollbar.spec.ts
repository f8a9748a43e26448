import { expect, test } from "@playwright/test";
import { actionsOutOfReach, LISTS } from "./row-actions";
import { login, STILL_PAGES } from "./support";

// Desktop browsers draw a scroll bar of about 15 px beside a long page, which takes that much from
// the page's width while media queries still see the whole window. (Playwright's headless browser
// hides scroll bars; this one keeps them, as staff see the lists.)
test.use({
  ...STILL_PAGES,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    ignoreDefaultArgs: ["--hide-scrollbars"],
  },
});

for (const width of [1024, 1280, 1366]) {
  test(`at ${width} px every row's actions lie inside the table's box on every list`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 400 });
    await login(page);
    for (const [list, words] of [
      ...LISTS.map((list) => [list, undefined] as const),
      ["/staff", ["Make", "Block|Unblock", "Remove"]] as const,
    ]) {
      await page.goto(list);
      // The list is longer than the window: the page has its scroll bar.
      expect(await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth), `${list}: a scroll bar`).toBeGreaterThan(
        0,
      );
      const { rows, problems } = await actionsOutOfReach(page, words);
      expect(rows, `${list} has rows`).toBeGreaterThan(0);
      expect(problems, list).toEqual([]);
      // Every row's last action ends inside the table's scroll box, which never scrolls sideways.
      const overflow = await page.locator("main table").evaluate((table) => {
        const box = table.parentElement!.getBoundingClientRect();
        const rights = [...table.querySelectorAll("tbody tr")].map((row) => {
          const links = row.querySelectorAll("td:last-child a");
          return links.length ? links[links.length - 1]!.getBoundingClientRect().right : -Infinity;
        });
        return { beyond: Math.max(...rights) - box.right, scroll: table.parentElement!.scrollWidth - table.parentElement!.clientWidth };
      });
      expect(overflow.beyond, list).toBeLessThanOrEqual(0);
      expect(overflow.scroll, list).toBeLessThanOrEqual(0);
    }
  });
}
