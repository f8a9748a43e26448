import { expect, test, type Browser } from "@playwright/test";
import { CMS_URL, hydrated, login, managerToken, STILL_PAGES } from "./support";
import { seriousViolations } from "../support/fixtures";

test.use(STILL_PAGES);

// Page texts end to end: a Manager changes a hero heading and a page text in English and Nepali
// in the admin, and / and /ne show them within 2 s of the save, with the settings' number of
// children where the text says {children}; Staff have no way to the page texts.

type Texts = { en: Record<string, string | null>; ne: Record<string, string | null> | null };

const textsOf = async (token: string) =>
  (await (await fetch(`${CMS_URL}/api/page-texts/home`, { headers: { authorization: `Bearer ${token}` } })).json()) as Texts;

const putTexts = (token: string, locale: "en" | "ne", values: Record<string, string | null>) =>
  fetch(`${CMS_URL}/api/page-texts/home?locale=${locale}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? ""]))),
  });

const childrenCount = async (token: string) =>
  Number(
    (
      (await (await fetch(`${CMS_URL}/api/settings`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        en: { childrenCount: number };
      }
    ).en.childrenCount,
  );

/** The page's HTML as a visitor's browser gets it (no cookies). */
const pageText = async (baseURL: string, path: string) => (await fetch(`${baseURL}${path}`)).text();

const devanagari = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d)));

test("a Manager changes a hero heading and a page text; / and /ne show them within 2 s, with the children count filled in", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await managerToken();
  const before = await textsOf(token);
  const children = await childrenCount(token);
  const token36 = Date.now().toString(36);
  const heading = `A home for {children} children ${token36}`;
  const welcome = `Welcome to our family ${token36}`;
  const nepaliHeading = `${devanagari(String(Date.now()).slice(-6))} को घर, {children} जना बालबालिका`;
  try {
    for (const path of ["/", "/ne"]) expect(await pageText(baseURL!, path)).not.toContain(token36);

    await login(page, "/page-texts/home");
    await expect(page.getByRole("heading", { name: "Page texts" })).toBeVisible();
    await hydrated(page);
    const english = page.getByRole("region", { name: "English" });
    await english.getByLabel("Welcome heading").fill("");
    await english.getByRole("button", { name: "Save texts" }).click();
    await expect(english.getByText("Welcome heading is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await english.getByLabel("Slide 1: heading").fill(heading);
    await english.getByLabel("Welcome heading").fill(welcome);
    await english.getByRole("button", { name: "Save texts" }).click();
    await expect(page.getByText("The page texts are saved. The website shows them now.")).toBeVisible();
    await expect(page.getByText(/^Last edited by .+, \d/)).toBeVisible();

    const nepali = page.getByRole("region", { name: "नेपाली (Nepali)" });
    await nepali.getByLabel("Slide 1: heading").fill(nepaliHeading);
    await nepali.getByRole("button", { name: "Save Nepali texts" }).click();
    await expect(page.getByText("The Nepali texts are saved. The Nepali website shows them now.")).toBeVisible();

    const expected: [string, string[]][] = [
      ["/", [`A home for ${children} children ${token36}`, welcome]],
      ["/ne", [nepaliHeading.replace("{children}", devanagari(String(children)))]],
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
    await page.reload();
    await expect(page.getByRole("region", { name: "English" }).getByLabel("Slide 1: heading")).toHaveValue(heading);
  } finally {
    expect((await putTexts(token, "en", before.en)).status).toBe(200);
    if (before.ne) expect((await putTexts(token, "ne", before.ne)).status).toBe(200);
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

test("Staff have no link to the page texts and get 403 there and at the CMS", async ({ browser }) => {
  const token = await managerToken();
  const email = `hari-${Date.now().toString(36)}@example.org`;
  const password = "Seven mango trees";
  const created = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "Hari Rai", email, role: "staff", password }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  try {
    const staffPage = await signInAs(browser, email, password);
    await expect(staffPage.getByRole("link", { name: "My account" })).toBeVisible();
    await expect(staffPage.getByRole("link", { name: "Page texts" })).toHaveCount(0);
    expect((await staffPage.goto("/page-texts/home"))?.status()).toBe(403);
    await expect(staffPage.getByText("Only managers of the home can change the page texts.")).toBeVisible();
    await staffPage.context().close();
    const signIn = await fetch(`${CMS_URL}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const staffToken = ((await signIn.json()) as { token: string }).token;
    expect((await putTexts(staffToken, "en", { welcomeHeading: "Hacked" })).status).toBe(403);
  } finally {
    await fetch(`${CMS_URL}/api/staff-accounts/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  }
});
