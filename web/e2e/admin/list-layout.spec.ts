import { expect, test } from "@playwright/test";
import { actionsOutOfReach, LISTS } from "./row-actions";
import { CMS_URL, hydrated, login, STAFF, STILL_PAGES } from "./support";

test.use(STILL_PAGES);

// Every admin list, at the sizes staff use, keeps each row's View, Edit and Delete (on /staff: role, block, remove) in reach:
// inside the viewport and inside every ancestor that could clip them, and clickable.

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

// The staff accounts list needs an account besides the signed-in manager's, which has none.
let otherAccount: { id: number; token: string } | null = null;
test.beforeAll(async () => {
  const signIn = await fetch(`${CMS_URL}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  const { token } = (await signIn.json()) as { token: string };
  const created = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: "Layout Check With A Rather Long Name",
      email: `layout-${Date.now().toString(36)}@example.org`,
      role: "staff",
      password: "Seven mango trees",
    }),
  });
  expect(created.status).toBe(201);
  otherAccount = { id: ((await created.json()) as { id: number }).id, token };
});
test.afterAll(async () => {
  if (!otherAccount) return;
  await fetch(`${CMS_URL}/api/staff-accounts/${otherAccount.id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${otherAccount.token}` },
  });
});

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} every row's View, Edit and Delete are in reach and work`, async ({ page }) => {
    await page.setViewportSize(size);
    test.setTimeout(90_000);
    await login(page);
    for (const list of LISTS) {
      await page.goto(list);
      const rows = page.locator("main tbody tr");
      const { rows: count, problems } = await actionsOutOfReach(page);
      expect(count, `${list} has rows`).toBeGreaterThan(0);
      expect(problems, list).toEqual([]);
      // The table never scrolls sideways to reach them.
      const scroller = page.locator("main table").locator("..");
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      // And they work: View and Edit open the item, Delete asks first.
      const first = rows.first();
      await first.getByRole("link", { name: /^View / }).click();
      await expect(page).toHaveURL(/\/\d+$/);
      await page.goBack();
      await first.getByRole("link", { name: /^Edit / }).click();
      await expect(page).toHaveURL(/edit/);
      await page.goto(list);
      // The dialog opens in place once the list is interactive (its link alone is the no-JS path).
      await hydrated(page);
      await rows
        .first()
        .getByRole("link", { name: /^Delete / })
        .click();
      const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
      await expect(dialog).toBeVisible();
      await dialog
        .getByRole("button", { name: "Cancel" })
        .or(dialog.getByRole("link", { name: "Cancel" }))
        .first()
        .click();
      await expect(dialog).toBeHidden();
    }
    // The staff accounts: the role, block and remove of every other person's row.
    await page.goto("/staff");
    const { rows: staffRows, problems } = await actionsOutOfReach(page, ["Make", "Block|Unblock", "Remove"]);
    expect(staffRows, "/staff has rows").toBeGreaterThan(1);
    expect(problems, "/staff").toEqual([]);
    const scroller = page.locator("main table").locator("..");
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });
}

for (const width of [360, 1024]) {
  test(`at ${width} px every list shows its pictures at their size`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await login(page);
    for (const list of LISTS) {
      await page.goto(list);
      // Each row's photo or video still, however the row is laid out (a table row, or a card on a phone).
      const pictures = page.locator("main tbody img");
      expect(await pictures.count(), list).toBeGreaterThan(0);
      const sizes = await pictures.evaluateAll((images) =>
        images.map((image) => {
          const box = image.getBoundingClientRect();
          return `${Math.round(box.width)}x${Math.round(box.height)}`;
        }),
      );
      for (const size of sizes) expect(size, list).toMatch(/^(48x48|80x48)$/);
    }
  });
}

test("rows are compact at 1024 px: no row is taller than its content needs", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page);
  await page.goto("/teams");
  const heights = await page.locator("main tbody tr").evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  // A photo (48 px), or three lines of a long name over its status and the date it was last
  // edited, with padding (about 120 px): never the 145 px of wrapped actions.
  for (const height of heights) expect(height).toBeLessThan(130);
});

test("the sidebar's white column reaches the bottom of a long page", async ({ page }) => {
  // A short window makes the team list much longer than the screen.
  await page.setViewportSize({ width: 1280, height: 420 });
  await login(page);
  await page.goto("/teams");
  const column = page.locator("#admin-drawer").locator("..");
  const [columnBottom, pageHeight, background] = await column.evaluate((el) => [
    el.getBoundingClientRect().bottom + window.scrollY,
    document.documentElement.scrollHeight,
    getComputedStyle(el).backgroundColor,
  ]);
  expect(pageHeight).toBeGreaterThan(420 * 1.5);
  expect(columnBottom).toBeGreaterThanOrEqual((pageHeight as number) - 1);
  expect(background).toBe("rgb(255, 255, 255)");
  // Scrolled to the end, the menu is still on screen (it stays in view).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator("#admin-drawer").getByRole("link", { name: "Teams" })).toBeInViewport();
});

for (const width of [1024, 1280]) {
  test(`at ${width} px authors' names and e-mails never break inside a word`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await login(page);
    await page.goto("/bloglist");
    const cells = page.locator("main tbody td[data-label='Author']");
    const count = await cells.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      // A name may wrap between its words, but each word (and an e-mail address) stays on one line.
      const wordsOnOneLine = await cells.nth(i).evaluate((cell) => {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const result: boolean[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of node.textContent!.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            result.push(new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size <= 1);
          }
        }
        return result;
      });
      expect(wordsOnOneLine.length).toBeGreaterThan(0);
      expect(wordsOnOneLine.every(Boolean), await cells.nth(i).innerText()).toBe(true);
    }
  });
}
