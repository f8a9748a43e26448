import { expect, test } from "@playwright/test";
import { CMS_URL, hydrated, login, managerToken, STILL_PAGES } from "./support";
import { seriousViolations } from "../support/fixtures";

test.use(STILL_PAGES);

// Two Managers change the home's details at once. The second save is refused instead of
// overwriting the first: it names who changed the settings and when, shows their values beside
// what is typed (which stays), and saves over theirs only when asked to.

let token: string;
const colleague = { name: "Sita Gurung", email: "", password: "Seven mango trees", id: 0 };

const settingsOf = async () =>
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
  const before = (await settingsOf()).en;
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
    expect((await settingsOf()).en).toMatchObject({ phone: theirPhone, childrenCount: before.childrenCount });
    expect(await seriousViolations(page)).toEqual([]);

    // A plain Save is refused again: the form is still based on the copy it was opened with.
    await english.getByRole("button", { name: "Save settings" }).click();
    await expect(alert).toContainText("Sita Gurung changed it at");

    // Keeping Sita's phone by copying it in, then saving on purpose.
    await english.getByLabel("Phone").fill(theirPhone);
    await alert.getByRole("button", { name: "Save mine instead" }).click();
    await expect(page.getByText("The site settings are saved. The website shows them now.")).toBeVisible();
    expect((await settingsOf()).en).toMatchObject({ phone: theirPhone, childrenCount: myChildren });
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
