import { expect, test, type Browser } from "@playwright/test";
import { CMS_URL, hydrated, login, managerToken, STILL_PAGES } from "./support";
import { seriousViolations } from "../support/fixtures";

test.use(STILL_PAGES);
// Every test here changes the one set of site settings: they take turns, never side by side (a
// save from another test in between would be refused as a colleague's edit, as it should be).
test.describe.configure({ mode: "serial" });

// Site settings end to end: a Manager changes the home's phone and the number of children in the
// admin, and every public page (English and Nepali) shows them within 2 s of the save; Staff have
// no way to the settings, and the CMS refuses their writes.

const settingsOf = async (token: string) =>
  (await (await fetch(`${CMS_URL}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    en: Record<string, unknown>;
  };

const putSettings = (token: string, values: Record<string, unknown>) =>
  fetch(`${CMS_URL}/api/settings?locale=en`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(values),
  });

/** The page's HTML as a visitor's browser gets it (no cookies). */
const pageText = async (baseURL: string, path: string) => (await fetch(`${baseURL}${path}`)).text();

test("a Manager changes the phone and the children count; /, /contact and /ne/contact show them within 2 s", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const token = await managerToken();
  const before = (await settingsOf(token)).en;
  const phone = `+977-75-${String(Date.now()).slice(-6)}`;
  const children = Number(before.childrenCount ?? 20) === 28 ? 29 : 28;
  try {
    // The public pages have been read (and cached) before the change.
    for (const path of ["/", "/contact", "/ne/contact"]) expect(await pageText(baseURL!, path)).not.toContain(phone);

    await login(page, "/settings");
    await expect(page.getByRole("heading", { name: "Site settings" })).toBeVisible();
    // The Nepali section's heading has the site's Devanagari face: a device without one shows no empty boxes.
    await expect(page.getByRole("heading", { name: "नेपाली (Nepali)" })).toHaveCSS("font-family", /Noto Sans Devanagari/);
    await hydrated(page);
    const english = page.getByRole("region", { name: "English" });
    await english.getByLabel("Phone").fill("call us");
    await english.getByRole("button", { name: "Save settings" }).click();
    await expect(english.getByText("Phone may contain only digits, spaces, +, -, ( and ).")).toBeVisible();
    await english.getByLabel("Phone").fill(phone);
    await english.getByLabel("Children living at the home").fill(String(children));
    await english.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("The site settings are saved. The website shows them now.")).toBeVisible();
    await expect(page.getByText(/^Last edited by .+, \d/)).toBeVisible();

    const nepaliChildren = String(children).replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d)));
    const expected: [string, string[]][] = [
      ["/", [phone, `${children} children live with us today`]],
      ["/contact", [phone, `${children} children live with us today`]],
      ["/ne/contact", [phone, `आज हामीसँग ${nepaliChildren} जना बालबालिका बस्छन्`]],
    ];
    for (const [path, texts] of expected) {
      await expect
        .poll(
          async () => {
            const html = await pageText(baseURL!, path);
            return texts.every((text) => html.includes(text));
          },
          { timeout: 2_000, intervals: [100] },
        )
        .toBe(true);
    }
    // And the reloaded form shows what is stored.
    await page.reload();
    await expect(page.getByRole("region", { name: "English" }).getByLabel("Phone")).toHaveValue(phone);
  } finally {
    const keep = Object.fromEntries(Object.entries(before).map(([key, value]) => [key, value ?? ""]));
    expect((await putSettings(token, keep)).status).toBe(200);
  }
});

async function signInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("/dashboard");
  return page;
}

test("Staff have no link to the site settings, get 403 there and at the CMS, and nothing changes", async ({ browser }) => {
  const token = await managerToken();
  const email = `gita-${Date.now().toString(36)}@example.org`;
  const password = "Seven mango trees";
  const created = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "Gita Magar", email, role: "staff", password }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const before = (await settingsOf(token)).en;
  try {
    const staffPage = await signInAs(browser, email, password);
    await expect(staffPage.getByRole("link", { name: "My account" })).toBeVisible();
    await expect(staffPage.getByRole("link", { name: "Site settings" })).toHaveCount(0);
    expect((await staffPage.goto("/settings"))?.status()).toBe(403);
    await expect(staffPage.getByText("Only managers of the home can change the site settings.")).toBeVisible();
    // Posting the form from their own session is refused by the web server too.
    const status = await staffPage.evaluate(async () => {
      const body = new FormData();
      body.set("intent", "en");
      body.set("phone", "+977-1-000");
      return (await fetch("/settings", { method: "POST", body })).status;
    });
    expect(status).toBe(403);
    await staffPage.context().close();

    const login = await fetch(`${CMS_URL}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const staffToken = ((await login.json()) as { token: string }).token;
    const refused = await putSettings(staffToken, { ...before, phone: "+977-1-000" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBeTruthy();
    expect((await settingsOf(token)).en).toEqual(before);
  } finally {
    await fetch(`${CMS_URL}/api/staff-accounts/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  }
});

// Two Managers change the home's details at once. The second save is refused instead of
// overwriting the first: it names who changed the settings and when, shows their values beside
// what is typed (which stays), and saves over theirs only when asked to.
test.describe("two Managers at once", () => {
  let token: string;
  const colleague = { name: "Sita Gurung", email: "", password: "Seven mango trees", id: 0 };

  const storedSettings = async () =>
    (await (await fetch(`${CMS_URL}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      en: Record<string, unknown>;
    };

  test.beforeAll(async () => {
    token = await managerToken();
    colleague.email = `sita-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}@example.org`;
    const account = await fetch(`${CMS_URL}/api/staff-accounts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: colleague.name, email: colleague.email, role: "manager", password: colleague.password }),
    });
    expect(account.status).toBe(201);
    colleague.id = ((await account.json()) as { id: number }).id;
  });

  test.afterAll(async () => {
    await fetch(`${CMS_URL}/api/staff-accounts/${colleague.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  });

  test("the second of two settings saves is refused with who changed them; theirs is shown, mine is kept, and saved only when asked", async ({
    page,
    browser,
  }) => {
    test.slow();
    const before = (await storedSettings()).en;
    const theirPhone = `+977-75-${String(Date.now()).slice(-6)}`;
    const myChildren = Number(before.childrenCount ?? 20) === 26 ? 25 : 26;
    const sitaContext = await browser.newContext({ ...STILL_PAGES.contextOptions });
    try {
      const sita = await sitaContext.newPage();
      await sita.goto("/login?redirectTo=%2Fsettings");
      await hydrated(sita);
      await sita.getByLabel("Email").fill(colleague.email);
      await sita.getByLabel("Password", { exact: true }).fill(colleague.password);
      await sita.getByRole("button", { name: "Login" }).click();
      await sita.waitForURL("/settings");
      await hydrated(sita);

      await login(page, "/settings");
      await expect(page.getByRole("heading", { name: "Site settings" })).toBeVisible();
      await hydrated(page);

      // Sita saves first.
      await sita.getByRole("region", { name: "English" }).getByLabel("Phone").fill(theirPhone);
      await sita.getByRole("region", { name: "English" }).getByRole("button", { name: "Save settings" }).click();
      await expect(sita.getByText("The site settings are saved. The website shows them now.")).toBeVisible();

      // The Manager, on the copy opened before, changes the number of children and saves.
      const english = page.getByRole("region", { name: "English" });
      await english.getByLabel("Children living at the home").fill(String(myChildren));
      await english.getByRole("button", { name: "Save settings" }).click();
      const alert = english.getByRole("alert");
      await expect(alert).toContainText("Not saved: someone else changed this after you opened it.");
      await expect(alert).toContainText("Sita Gurung changed it at");
      const theirs = alert.locator("[data-conflict-field=phone]");
      await expect(theirs).toContainText(theirPhone);
      await expect(theirs).toContainText("different from yours");
      await expect(english.getByLabel("Children living at the home")).toHaveValue(String(myChildren));
      expect((await storedSettings()).en).toMatchObject({ phone: theirPhone, childrenCount: before.childrenCount });
      expect(await seriousViolations(page)).toEqual([]);

      // A plain Save is refused again: the form is still based on the copy it was opened with.
      await english.getByRole("button", { name: "Save settings" }).click();
      await expect(alert).toContainText("Sita Gurung changed it at");

      // Keeping Sita's phone by copying it in, then saving on purpose.
      await english.getByLabel("Phone").fill(theirPhone);
      await alert.getByRole("button", { name: "Save mine instead" }).click();
      await expect(page.getByText("The site settings are saved. The website shows them now.")).toBeVisible();
      expect((await storedSettings()).en).toMatchObject({ phone: theirPhone, childrenCount: myChildren });
    } finally {
      await sitaContext.close();
      const keep = Object.fromEntries(Object.entries(before).map(([key, value]) => [key, value ?? ""]));
      const restored = await fetch(`${CMS_URL}/api/settings?locale=en`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(keep),
      });
      expect(restored.status).toBe(200);
    }
  });
});
