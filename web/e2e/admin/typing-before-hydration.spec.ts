import { expect, test, type Page } from "@playwright/test";
import { CMS_URL, fixture, hydrated, login, managerToken, markdownOf, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

// On a slow phone the form's HTML is there seconds before React takes the page over. Whatever is
// typed (or chosen) in that time must survive hydration, and be what gets saved.

/**
 * Opens `path` as a slow phone would: a CPU four times slower, and the scripts held back until
 * the test has typed. Returns once the form's HTML is there, before React has hydrated it; the
 * function it returns lets the scripts through and waits for hydration.
 */
async function openSlowly(page: Page, path: string, firstField: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  await expect(page.getByLabel(firstField, { exact: true })).toBeVisible();
  return async () => {
    release();
    await hydrated(page);
    await page.unroute(/\/assets\/.*\.js$/);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  };
}

/** Fails the test when React had already taken over: then it would prove nothing. */
async function expectNotHydratedYet(page: Page) {
  expect(await page.locator("html[data-hydrated]").count(), "typed before hydration").toBe(0);
}

test("a new blog post typed before hydration keeps its text and file, and is saved with them", async ({ page }) => {
  test.slow();
  await login(page);
  const title = unique("Holi colours");
  const content = "The children threw **red and yellow** powder in the courtyard.";
  const settle = await openSlowly(page, "/blogs/new", "Title");
  await page.getByLabel("Title").pressSequentially(title);
  await page.getByRole("textbox", { name: "Content", exact: true }).fill(content);
  await page.getByLabel("Author name").fill("Sita Sharma");
  await page.getByLabel("Cover image").setInputFiles(fixture("sunrise.png"));
  await expectNotHydratedYet(page);
  await settle();

  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(markdownOf(page, "Content")).toHaveValue(content);
  await expect(page.getByLabel("Author name")).toHaveValue("Sita Sharma");
  expect(await page.getByLabel("Cover image").evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("sunrise.png");
  // It counts as a change: leaving would ask first; saving sends what was typed.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/bloglist");
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toHaveCount(1);
  const id = /\/blogs\/edit\/(\d+)$/.exec((await row.getByRole("link", { name: `Edit ${title}` }).getAttribute("href"))!)![1];
  const saved = (await (await fetch(`${CMS_URL}/api/blog/${id}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({ title, content, author_name: "Sita Sharma" });
  expect(saved.mediaUrl).toBeTruthy();
});

test("a gallery image typed before hydration keeps its title, description and file", async ({ page }) => {
  test.slow();
  await login(page);
  const title = unique("Prayer flags");
  const settle = await openSlowly(page, "/gallery/images/new", "Title");
  await page.getByLabel("Title").pressSequentially(title);
  await page.getByLabel("Description").fill("Flags on the roof in the wind.");
  await page.getByLabel("Image file").setInputFiles(fixture("hills.png"));
  await expectNotHydratedYet(page);
  await settle();

  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Description")).toHaveValue("Flags on the roof in the wind.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/gallery/images");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(1);
});

test("the Nepali tab typed before hydration keeps its text and saves it", async ({ page }) => {
  test.slow();
  await login(page);
  const token = await managerToken();
  const post = new FormData();
  post.set("title", unique("Tihar lamps"));
  post.set("content", "The lamps were lit at dusk.");
  post.set("author", "news@example.org");
  const created = await fetch(`${CMS_URL}/api/blog`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: post });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  try {
    const neTitle = `तिहारका दियो ${"कखगघङचछजझञ"[Date.now() % 10]}`;
    const settle = await openSlowly(page, `/blogs/edit/${id}?lang=ne`, "Title in Nepali");
    await page.getByLabel("Title in Nepali").fill(neTitle);
    await page.getByRole("textbox", { name: "Content in Nepali" }).fill("साँझमा दियो बालियो।");
    await expectNotHydratedYet(page);
    await settle();

    await expect(page.getByLabel("Title in Nepali")).toHaveValue(neTitle);
    await expect(markdownOf(page, "Content in Nepali")).toHaveValue("साँझमा दियो बालियो।");
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();
    const nepali = (await (await fetch(`${CMS_URL}/api/blog/${id}?locale=ne`)).json()) as Record<string, unknown>;
    expect(nepali).toMatchObject({ title: neTitle, content: "साँझमा दियो बालियो।", locale: "ne" });
  } finally {
    await fetch(`${CMS_URL}/api/blog/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  }
});

test("the staff add form typed before hydration keeps name, e-mail, role and password choice", async ({ page }) => {
  test.slow();
  await login(page);
  const name = unique("Anita Lama");
  const email = `anita-${Date.now().toString(36)}@example.org`;
  const settle = await openSlowly(page, "/staff", "Name");
  const form = page.getByRole("region", { name: "Add a staff account" });
  await form.getByLabel("Name", { exact: true }).pressSequentially(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("manager");
  await form.getByLabel("I choose it").check();
  await form.getByLabel("Password (when you choose it)").fill("Seven mango trees");
  await expectNotHydratedYet(page);
  await settle();

  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Role")).toHaveValue("manager");
  await expect(form.getByLabel("I choose it")).toBeChecked();
  await expect(form.getByLabel("Password (when you choose it)")).toHaveValue("Seven mango trees");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Account of ${name} added.` })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(email);
  await expect(row).toContainText("Manager");
  // Clear away: the account is removed again.
  const token = await managerToken();
  const list = (await (
    await fetch(`${CMS_URL}/api/staff-accounts?pageSize=100`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { results: { id: number; email: string }[] };
  const account = list.results.find((entry) => entry.email === email)!;
  await fetch(`${CMS_URL}/api/staff-accounts/${account.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});

test("My account's name typed before hydration is kept and saved", async ({ page }) => {
  test.slow();
  // An account of its own: the shared first Manager's name is left as the other tests expect it.
  const token = await managerToken();
  const email = `kamala-${Date.now().toString(36)}@example.org`;
  const password = "Seven mango trees";
  const created = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "Kamala", email, role: "staff", password }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  try {
    await page.goto("/login?redirectTo=%2Faccount");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("/account");
    const settle = await openSlowly(page, "/account", "Name");
    // The server's HTML already shows the stored name.
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Kamala");
    const name = unique("Kamala Shrestha");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await expectNotHydratedYet(page);
    await settle();

    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your name is saved." })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();
  } finally {
    await fetch(`${CMS_URL}/api/staff-accounts/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  }
});
