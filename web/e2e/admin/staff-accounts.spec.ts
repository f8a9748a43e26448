import { expect, test, type Browser, type Page } from "@playwright/test";
import { CMS_URL, hydrated, login, STAFF, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

// Staff accounts end to end: a manager adds a member of staff, who signs in, changes their
// password and edits a post (shown as last edited by them); the manager blocks them and their
// open session is sent to /login on its next request; Staff cannot reach /staff.

/** A token of the manager's, for setting up and clearing away through the CMS's API. */
async function managerToken() {
  const response = await fetch(`${CMS_URL}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function signInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  return page;
}

async function confirm(page: Page, trigger: string, button: string) {
  await page.getByRole("link", { name: trigger }).click();
  const dialog = page.getByRole("alertdialog", { name: "Please confirm" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button }).click();
}

test("a manager adds a member of staff, who works under their own name until blocked", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = unique("Sita Gurung");
  const email = `sita-${Date.now().toString(36)}@example.org`;
  const token = await managerToken();
  const post = new FormData();
  post.set("title", unique("Tihar lights"));
  post.set("content", "The children lit the lamps.");
  post.set("author", "news@example.org");
  const created = await fetch(`${CMS_URL}/api/blog`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: post });
  expect(created.status).toBe(201);
  const postId = ((await created.json()) as { id: number }).id;

  try {
    // The manager adds the account with a generated first password, shown once.
    await login(page, "/staff");
    await expect(page.getByRole("heading", { name: "Staff accounts" })).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Account of ${name} added.` })).toBeVisible();
    const firstPassword = (await page.getByTestId("first-password").textContent())!.trim();
    expect(firstPassword).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText(email);
    await expect(row).toContainText("Staff");
    await expect(row).toContainText("Never");
    await expect(row).toContainText("Active");
    // Shown once: the list as loaded again does not have it.
    await page.reload();
    await expect(page.getByTestId("first-password")).toHaveCount(0);

    // The new member of staff signs in, greeted by their name, without the staff accounts.
    const staffPage = await signInAs(browser, email, firstPassword);
    await staffPage.waitForURL("/dashboard");
    await expect(staffPage.getByRole("heading", { name: `Welcome, ${name}!` })).toBeVisible();
    await expect(staffPage.getByRole("link", { name: "Staff accounts" })).toHaveCount(0);
    const refused = await staffPage.goto("/staff");
    expect(refused?.status()).toBe(403);
    await expect(staffPage.getByText("Only managers of the home can manage staff accounts.")).toBeVisible();

    // They change their password: the rules first, then the current one is required.
    await staffPage.getByRole("link", { name: "My account" }).click();
    await expect(staffPage).toHaveURL("/account");
    await hydrated(staffPage);
    const newPassword = "Kathmandu valley 2026";
    await staffPage.getByLabel("Current password").fill(firstPassword);
    await staffPage.getByLabel("New password", { exact: true }).fill("short");
    await staffPage.getByLabel("New password again").fill("short");
    await staffPage.getByRole("button", { name: "Change password" }).click();
    await expect(staffPage.getByText("Password must be at least 10 characters long.")).toBeVisible();
    await staffPage.getByLabel("New password", { exact: true }).fill(newPassword);
    await staffPage.getByLabel("New password again").fill(newPassword);
    await staffPage.getByRole("button", { name: "Change password" }).click();
    await expect(staffPage.getByRole("status").filter({ hasText: "Your password is changed." })).toBeVisible();
    // This session stays; the first password no longer signs in, the new one does.
    const withOld = await signInAs(browser, email, firstPassword);
    await expect(withOld.getByRole("alert")).toContainText("Invalid email or password");
    await withOld.context().close();

    // They edit the post: the list and the post say it was them.
    await staffPage.goto(`/blogs/edit/${postId}`);
    await hydrated(staffPage);
    const title = unique("Tihar lights, edited");
    await staffPage.getByLabel("Title").fill(title);
    await staffPage.getByRole("button", { name: "Save" }).click();
    await expect(staffPage).toHaveURL("/bloglist");
    const postRow = staffPage.getByRole("row", { name: new RegExp(title) });
    await expect(postRow.getByTitle(new RegExp(`^Last edited by ${name}, \\d{1,2} \\w{3} \\d{4}$`))).toBeVisible();
    await staffPage.goto(`/blogs/${postId}`);
    await expect(staffPage.getByText(new RegExp(`^Last edited by ${name}, \\d{1,2} \\w{3} \\d{4}$`))).toBeVisible();

    // The manager sees the sign-in, and blocks them.
    await page.reload();
    await hydrated(page);
    await expect(row).not.toContainText("Never");
    await confirm(page, `Block ${name}`, "Yes, block");
    await expect(page.getByRole("status").filter({ hasText: `Account of ${name} changed.` })).toBeVisible();
    await expect(row).toContainText("Blocked");

    // Their open session is sent to /login on its next request, and they cannot sign in again.
    await staffPage.goto("/dashboard");
    await expect(staffPage).toHaveURL(/\/login/);
    await staffPage.goto("/login");
    await hydrated(staffPage);
    await staffPage.getByLabel("Email").fill(email);
    await staffPage.getByLabel("Password", { exact: true }).fill(newPassword);
    await staffPage.getByRole("button", { name: "Login" }).click();
    await expect(staffPage.getByRole("alert")).toContainText("This account is blocked.");
    await staffPage.context().close();

    // A manager cannot act on their own row; removing asks first and takes the account away.
    await confirm(page, `Remove ${name}`, "Yes, remove");
    await expect(page.getByRole("status").filter({ hasText: `Account of ${name} removed.` })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
    const me = page.getByRole("row", { name: /\(you\)/ });
    await expect(me.getByRole("link")).toHaveCount(0);
  } finally {
    await fetch(`${CMS_URL}/api/blog/${postId}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  }
});
