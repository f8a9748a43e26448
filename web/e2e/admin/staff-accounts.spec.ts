import { expect, test, type Browser, type Page } from "@playwright/test";
import { CMS_URL, hydrated, login, managerToken, STAFF, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

// Staff accounts end to end: a manager adds a member of staff, who signs in, changes their
// password and edits a post (shown as last edited by them); the manager blocks them and their
// open session is sent to /login on its next request; Staff cannot reach /staff.

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
    // Staff send their changes to a Manager for review.
    await staffPage.getByRole("button", { name: "Submit for review" }).click();
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
    await expect(page.getByRole("status").filter({ hasText: `Account of ${name} blocked.` })).toBeVisible();
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

/** An account made by the manager through the CMS: its id, e-mail and password. */
async function addStaffAccount(token: string, name: string) {
  const email = `${name.split(" ")[0]!.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}@example.org`;
  const password = "Seven mango trees";
  const created = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, email, role: "staff", password }),
  });
  expect(created.status).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, email, password };
}

const removeAccount = (token: string, id: number) =>
  fetch(`${CMS_URL}/api/staff-accounts/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });

test("after an account is added the add form is empty, so the next click cannot add the same person again", async ({ page }) => {
  const token = await managerToken();
  const added: string[] = [];
  try {
    await login(page, "/staff");
    await hydrated(page);
    const form = page.getByRole("region", { name: "Add a staff account" });
    for (const choice of ["generate", "set"] as const) {
      const name = unique("Maya Rai");
      const email = `maya-${Date.now().toString(36)}-${choice}@example.org`;
      added.push(email);
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Role").selectOption("manager");
      if (choice === "set") {
        await form.getByLabel("I choose it").check();
        await form.getByLabel("Password (when you choose it)").fill("Seven mango trees");
      }
      await form.getByRole("button", { name: "Add account" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Account of ${name} added.` })).toBeVisible();
      // The generated first password is still shown once.
      await expect(page.getByTestId("first-password")).toHaveCount(choice === "generate" ? 1 : 0);
      await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(1);
      await expect(form.getByLabel("Name")).toHaveValue("");
      await expect(form.getByLabel("Email")).toHaveValue("");
      await expect(form.getByLabel("Role")).toHaveValue("staff");
      await expect(form.getByLabel("Make one for me (shown once)")).toBeChecked();
      await expect(form.getByLabel("Password (when you choose it)")).toHaveValue("");
      // A second click adds nobody: the empty form is refused in the browser.
      await form.getByRole("button", { name: "Add account" }).click();
      await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(1);
    }
    // A refused add keeps what was typed.
    await form.getByLabel("Name").fill("Someone Else");
    await form.getByLabel("Email").fill(STAFF.email);
    await form.getByRole("button", { name: "Add account" }).click();
    await expect(form.getByRole("alert")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Someone Else");
    await expect(form.getByLabel("Email")).toHaveValue(STAFF.email);
  } finally {
    const list = (await (
      await fetch(`${CMS_URL}/api/staff-accounts?pageSize=100`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { results: { id: number; email: string }[] };
    for (const account of list.results.filter((account) => added.includes(account.email))) await removeAccount(token, account.id);
  }
});

test("blocking and unblocking say so, with a lock on the confirm button", async ({ page }) => {
  const token = await managerToken();
  const name = unique("Bikash Thapa");
  const account = await addStaffAccount(token, name);
  try {
    await login(page, "/staff");
    await hydrated(page);
    for (const [trigger, button, said] of [
      [`Block ${name}`, "Yes, block", `Account of ${name} blocked.`],
      [`Unblock ${name}`, "Yes, unblock", `Account of ${name} unblocked.`],
    ] as const) {
      await page.getByRole("link", { name: trigger }).click();
      const dialog = page.getByRole("alertdialog", { name: "Please confirm" });
      const confirmButton = dialog.getByRole("button", { name: button });
      // The lock of the row's Block and Unblock, not the bin of Remove.
      const rowIcon = await page
        .getByRole("link", { name: trigger })
        .locator("svg")
        .evaluate((svg) => svg.innerHTML);
      expect(await confirmButton.locator("svg").evaluate((svg) => svg.innerHTML)).toBe(rowIcon);
      const bin = await page
        .getByRole("link", { name: `Remove ${name}` })
        .locator("svg")
        .evaluate((svg) => svg.innerHTML);
      expect(rowIcon).not.toBe(bin);
      await confirmButton.click();
      await expect(page.getByRole("status").filter({ hasText: said })).toBeVisible();
      await expect(page.getByText(/Account of .* changed\./)).toHaveCount(0);
    }
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Active");
  } finally {
    await removeAccount(token, account.id);
  }
});

test("only a Manager sees and may use Remove demo content: Staff get neither the button nor the action", async ({ page, browser }) => {
  const token = await managerToken();
  const demoCount = async () =>
    ((await (await fetch(`${CMS_URL}/api/demo-content`, { headers: { authorization: `Bearer ${token}` } })).json()) as { count: number })
      .count;
  const before = await demoCount();
  expect(before).toBeGreaterThan(0);
  const account = await addStaffAccount(token, unique("Gita Magar"));
  try {
    // The manager sees the notice and its button.
    await login(page);
    await expect(page.getByRole("link", { name: "Remove demo content" })).toBeVisible();

    const staffPage = await signInAs(browser, account.email, account.password);
    await staffPage.waitForURL("/dashboard");
    await hydrated(staffPage);
    await expect(staffPage.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
    await expect(staffPage.getByRole("link", { name: "Remove demo content" })).toHaveCount(0);
    await expect(staffPage.getByRole("button", { name: "Remove demo content" })).toHaveCount(0);
    await expect(staffPage.getByText(/still shows demo content/)).toHaveCount(0);
    // Nor the confirmation by its link.
    await staffPage.goto("/dashboard?remove-demo=1");
    await expect(staffPage.getByRole("alertdialog")).toHaveCount(0);
    // Posting the removal from their own page (same origin, their session) is refused.
    const status = await staffPage.evaluate(async () => {
      const body = new FormData();
      body.set("intent", "remove-demo");
      return (await fetch("/dashboard", { method: "POST", body })).status;
    });
    expect(status).toBe(403);
    expect(await demoCount()).toBe(before);
    await staffPage.context().close();
  } finally {
    await removeAccount(token, account.id);
  }
});
