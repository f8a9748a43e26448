import { expect, test, type Browser } from "@playwright/test";
import { CMS_URL, hydrated, login, managerToken, markdownOf, STAFF, STILL_PAGES, unique, writeMarkdown } from "./support";
import { seriousViolations } from "../support/fixtures";

test.use(STILL_PAGES);

// Two people edit the same post at once. The second save is refused instead of overwriting the
// first: it names who changed the post and when, shows their text beside what is typed (which
// stays), and saves over theirs only when asked to.

let token: string;
const colleague = { name: "Sita Gurung", email: "", password: "Seven mango trees", id: 0 };
let postId: number;
let title: string;

test.beforeAll(async () => {
  token = await managerToken();
  colleague.email = `sita-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}@example.org`;
  const account = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: colleague.name, email: colleague.email, role: "staff", password: colleague.password }),
  });
  expect(account.status).toBe(201);
  colleague.id = ((await account.json()) as { id: number }).id;
});

test.beforeEach(async () => {
  title = unique("Dashain at the home");
  const body = new FormData();
  body.append("title", title);
  body.append("content", "The children flew kites on the roof.");
  body.append("author", "office@example.org");
  const created = await fetch(`${CMS_URL}/api/blog`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body });
  expect(created.status).toBe(201);
  postId = ((await created.json()) as { id: number }).id;
});

test.afterEach(async () => {
  await fetch(`${CMS_URL}/api/blog/${postId}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});

test.afterAll(async () => {
  await fetch(`${CMS_URL}/api/staff-accounts/${colleague.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});

async function colleagueSession(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ ...STILL_PAGES.contextOptions, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/login");
  if (javaScriptEnabled) await hydrated(page);
  await page.getByLabel("Email").fill(colleague.email);
  await page.getByLabel("Password", { exact: true }).fill(colleague.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("/dashboard");
  return { context, page };
}

// Read as staff: a colleague's change waits for review, out of visitors' sight.
const stored = async (locale = "en") =>
  (await (await fetch(`${CMS_URL}/api/blog/${postId}?locale=${locale}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    title: string;
    content: string;
  };

test("the second of two saves is refused with who changed it; theirs is shown, mine is kept, and saved only when asked", async ({
  page,
  browser,
}) => {
  test.slow();
  const sita = await colleagueSession(browser);
  await login(page, `/blogs/edit/${postId}`);
  await hydrated(page);
  await sita.page.goto(`/blogs/edit/${postId}`);
  await hydrated(sita.page);

  // Sita saves first.
  await sita.page.getByLabel("Title").fill(`${title}, with photos`);
  // Sita is Staff: her changes to a published post go to a Manager for review.
  await sita.page.getByRole("button", { name: "Submit for review" }).click();
  await expect(sita.page).toHaveURL(/\/bloglist/);
  await expect.poll(async () => (await stored()).title).toBe(`${title}, with photos`);

  // The Manager, on the copy opened before, changes the text and saves.
  const mine = "The children flew kites on the roof, and the youngest won the swing contest.";
  await page.getByRole("textbox", { name: "Content" }).fill(mine);
  await page.getByRole("button", { name: "Save" }).click();
  const footer = page.getByTestId("form-footer");
  const alert = footer.getByRole("alert");
  await expect(alert).toContainText("Not saved: someone else changed this after you opened it.");
  await expect(alert).toContainText("Sita Gurung changed it at");
  await expect(alert).toContainText("Everything you typed is still here.");
  // Their version, field by field, marked where it differs from what is typed here.
  const theirTitle = alert.locator("[data-conflict-field=title]");
  await expect(theirTitle).toContainText(`${title}, with photos`);
  await expect(theirTitle).toContainText("different from yours");
  await expect(alert.locator("[data-conflict-field=content]")).toContainText("The children flew kites on the roof.");
  // What was typed is still in the form; nothing was written.
  await expect(markdownOf(page, "Content")).toHaveValue(mine);
  await expect(page).toHaveURL(new RegExp(`/blogs/edit/${postId}`));
  expect(await stored()).toMatchObject({ title: `${title}, with photos`, content: "The children flew kites on the roof." });
  expect(await seriousViolations(page)).toEqual([]);

  // Pressing Save again is refused again: the form is still based on the copy it was opened with.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(alert).toContainText("Sita Gurung changed it at");

  // Keeping Sita's title by copying it in, then saving on purpose.
  await page.getByLabel("Title").fill(`${title}, with photos`);
  await alert.getByRole("button", { name: "Save mine instead" }).click();
  await expect(page).toHaveURL(/\/bloglist/);
  expect(await stored()).toMatchObject({ title: `${title}, with photos`, content: mine });
  await sita.context.close();
});

test("without JavaScript, on the Nepali tab: refused with their text shown, then saved on purpose", async ({ browser }) => {
  test.slow();
  const sita = await colleagueSession(browser);
  const manager = await browser.newContext({ ...STILL_PAGES.contextOptions, javaScriptEnabled: false });
  const page = await manager.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("/dashboard");

  await page.goto(`/blogs/edit/${postId}?lang=ne`);
  await sita.page.goto(`/blogs/edit/${postId}?lang=ne`);
  await hydrated(sita.page);
  await sita.page.getByLabel("Title in Nepali").fill("घरमा दशैं");
  await writeMarkdown(sita.page, "Content in Nepali", "बच्चाहरूले छतमा चङ्गा उडाए।");
  await sita.page.getByRole("button", { name: "Save Nepali version" }).click();
  await expect.poll(async () => (await stored("ne")).title).toBe("घरमा दशैं");

  await page.getByLabel("Title in Nepali").fill("दशैं २०८३");
  // Without JavaScript there is no formatting editor: the body is the textarea.
  await page.getByLabel("Content in Nepali").fill("पिङ खेल्यौं।");
  await page.getByRole("button", { name: "Save Nepali version" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Not saved: someone else changed this after you opened it.");
  await expect(alert).toContainText("Sita Gurung changed it at");
  await expect(alert.locator("[data-conflict-field=title]")).toContainText("घरमा दशैं");
  await expect(page.getByLabel("Title in Nepali")).toHaveValue("दशैं २०८३");
  expect((await stored("ne")).title).toBe("घरमा दशैं");

  // The page was rendered again from the server, and still refuses a plain Save.
  await page.getByRole("button", { name: "Save Nepali version" }).click();
  await expect(page.getByRole("alert")).toContainText("Sita Gurung changed it at");
  expect((await stored("ne")).title).toBe("घरमा दशैं");

  await page.getByRole("alert").getByRole("button", { name: "Save mine instead" }).click();
  await expect(page.getByText("Nepali version saved")).toBeVisible();
  expect(await stored("ne")).toMatchObject({ title: "दशैं २०८३", content: "पिङ खेल्यौं।" });
  await Promise.all([sita.context.close(), manager.close()]);
});

test("an edit to the English text meanwhile does not refuse a Nepali save (nothing of it would be lost)", async ({ page, browser }) => {
  test.slow();
  const sita = await colleagueSession(browser);
  await login(page, `/blogs/edit/${postId}?lang=ne`);
  await hydrated(page);
  await sita.page.goto(`/blogs/edit/${postId}`);
  await hydrated(sita.page);
  await sita.page.getByLabel("Title").fill(`${title} (2083)`);
  await sita.page.getByRole("button", { name: "Submit for review" }).click();
  await expect.poll(async () => (await stored()).title).toBe(`${title} (2083)`);

  await page.getByLabel("Title in Nepali").fill("दशैं");
  await writeMarkdown(page, "Content in Nepali", "चङ्गा।");
  await page.getByRole("button", { name: "Save Nepali version" }).click();
  await expect(page.getByText("Nepali version saved")).toBeVisible();
  expect(await stored("ne")).toMatchObject({ title: "दशैं", content: "चङ्गा।" });
  await sita.context.close();
});
