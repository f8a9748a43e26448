import { expect, test, type Browser } from "@playwright/test";
import { CMS_URL, hydrated, login, mailsTo, managerToken, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

// A new password without the old one, as staff would meet it: a manager resets a colleague's on
// /staff (shown once), or the person asks for a link by e-mail on the login page (the test CMS
// sends mail through a real SMTP server). Either way every session of the account ends, also a
// copy of its cookie.

const PASSWORD = "Seven mango trees";

async function addStaff(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}@example.org`;
  const response = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await managerToken()}` },
    body: JSON.stringify({ name, email, role: "staff", password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return email;
}

async function signInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/dashboard");
  return page;
}

test("a manager resets a colleague's password: the new one is shown once, and every session of theirs ends", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = unique("Gita Magar");
  const email = await addStaff(name);
  const theirPage = await signInAs(browser, email, PASSWORD);
  // A copy of their cookie, as a thief would hold it.
  const stolen = await theirPage.context().cookies();

  await login(page, "/staff");
  await hydrated(page);
  await page.getByRole("link", { name: `Reset password ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Please confirm" });
  await expect(dialog).toContainText(`Reset the password of ${name}?`);
  await dialog.getByRole("button", { name: "Yes, reset the password" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `The password of ${name} is reset: they are signed out everywhere.` }),
  ).toBeVisible();
  const newPassword = (await page.getByTestId("first-password").textContent())!.trim();
  expect(newPassword).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
  await page.reload();
  await expect(page.getByTestId("first-password")).toHaveCount(0);

  // Their open page and the stolen cookie both land on /login.
  await theirPage.goto("/dashboard");
  await expect(theirPage).toHaveURL(/\/login/);
  const thief = await browser.newContext();
  await thief.addCookies(stolen);
  const thiefPage = await thief.newPage();
  await thiefPage.goto("/dashboard");
  await expect(thiefPage).toHaveURL(/\/login/);
  await thief.close();

  // The old password no longer signs in; the new one does.
  await theirPage.goto("/login");
  await hydrated(theirPage);
  await theirPage.getByLabel("Email").fill(email);
  await theirPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await theirPage.getByRole("button", { name: "Login" }).click();
  await expect(theirPage.getByRole("alert")).toContainText("Invalid email or password");
  await theirPage.context().close();
  await (await signInAs(browser, email, newPassword)).context().close();
});

test("forgot password: the same answer for any address, a link by e-mail that sets a new password once", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = unique("Hari Thapa");
  const email = await addStaff(name);
  const theirOtherDevice = await signInAs(browser, email, PASSWORD);
  const sent = "If a staff account has this e-mail address, a link to set a new password is on its way to it.";

  // An address without an account gets the same answer.
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await hydrated(page);
  await page.getByLabel("Email").fill(`nobody-${Date.now().toString(36)}@example.org`);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(sent);

  await page.goto("/forgot-password");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(sent);

  const [mail] = await mailsTo(email);
  if (!mail) throw new Error(`no mail to ${email} within 15 s`);
  expect(mail.subject).toBe("Set a new password for the staff admin");
  const link = /http:\/\/127\.0\.0\.1:\d+(\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();

  // The rules of My account, then the new password.
  await page.goto(link!);
  await hydrated(page);
  await page.getByLabel("New password", { exact: true }).fill("1234567890");
  await page.getByLabel("New password again").fill("1234567890");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("This password is one of the most common ones.")).toBeVisible();
  const newPassword = "Prayer flags on the ridge";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("New password again").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL("/login?reset=done");
  await expect(page.getByRole("status")).toContainText("Your new password is saved. Sign in with it.");

  // The session opened before is over; the new password signs in.
  await theirOtherDevice.goto("/dashboard");
  await expect(theirOtherDevice).toHaveURL(/\/login/);
  await theirOtherDevice.context().close();
  await (await signInAs(browser, email, newPassword)).context().close();

  // The link works once.
  await page.goto(link!);
  await hydrated(page);
  await page.getByLabel("New password", { exact: true }).fill("Another evening walk");
  await page.getByLabel("New password again").fill("Another evening walk");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This link to set a new password is no longer valid");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});
