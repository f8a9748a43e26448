import { expect, test, type Page } from "@playwright/test";
import { CMS_URL, fixture, hydrated, managerToken, STILL_PAGES } from "./support";
import { seriousViolations } from "../support/fixtures";

test.use(STILL_PAGES);

/**
 * Latin words a Nepali admin screen may show: the name of English on the language choices, the
 * file-size unit and the names of file types (as a file's name ends). Anything else in Latin
 * letters is a text left untranslated.
 */
const ALLOWED_LATIN = new Set(["English", "MB", "jpg", "jpeg", "png", "gif", "webp", "avif"]);

/** A unique suffix in Devanagari letters: the screens under test show no ASCII digits. */
const devanagariTag = () =>
  Array.from(
    Date.now().toString(36) + Math.random().toString(36).slice(2, 5),
    (c) => "कखगघचछजझटठडढतथदधनपफबभमयरलवसह"[c.charCodeAt(0) % 29],
  ).join("");

/**
 * Every Latin word a person can see or hear on the page (text, and the names of controls and
 * pictures), e-mail addresses aside: what the scan of a Nepali screen must find empty.
 */
async function latinWords(page: Page, within = "body"): Promise<string[]> {
  const texts = await page.evaluate((selector) => {
    const root = document.querySelector(selector) as HTMLElement;
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null || element === document.body;
    const found = [root.innerText, document.title];
    for (const element of root.querySelectorAll("[aria-label], img[alt], [title], [placeholder]")) {
      if (!visible(element)) continue;
      for (const name of ["aria-label", "alt", "title", "placeholder"]) found.push(element.getAttribute(name) ?? "");
    }
    return found;
  }, within);
  const words = texts
    .join("\n")
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ")
    .match(/[A-Za-z]{2,}/g);
  return [...new Set(words ?? [])].filter((word) => !ALLOWED_LATIN.has(word));
}

async function addStaffAccount(token: string, name: string) {
  const email = `nepali-admin-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}@example.org`;
  const password = "Seven mango trees";
  const created = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, email, role: "staff", password }),
  });
  expect(created.status).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, email, password };
}

test("a member of staff switches the admin to Nepali and back: every screen, message, date and number follows", async ({ page }) => {
  // A dozen page loads, an upload, five accessibility scans and a second browser, on a shared machine.
  test.setTimeout(300_000);
  const token = await managerToken();
  const tag = devanagariTag();
  const person = await addStaffAccount(token, `माया राई ${tag}`);
  const memberName = `सीता शर्मा ${tag}`;
  let memberId: number | null = null;
  try {
    // Before anyone is known the login page speaks the browser's language, or the one switched to.
    await page.goto("/login");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "नेपाली" }).click();
    await expect(page.getByRole("heading", { name: "व्यवस्थापन प्यानलमा लगइन गर्नुहोस्" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    await hydrated(page);
    await page.getByRole("button", { name: "लगइन" }).click();
    await expect(page.getByText("इमेल चाहिन्छ।", { exact: true })).toBeVisible();
    await expect(page.getByText("पासवर्ड चाहिन्छ।", { exact: true })).toBeVisible();
    // The login card; the page around it is the public website's, in the website's language.
    expect(await latinWords(page, "main")).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("इमेल").fill(person.email);
    await page.getByLabel("पासवर्ड", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "लगइन" }).click();
    // Signed in, the admin is in the person's own language: English until they choose.
    await page.waitForURL("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");

    // My account: Nepali.
    await page.goto("/account");
    await hydrated(page);
    await page.getByRole("radio", { name: "नेपाली" }).check();
    await page.getByRole("button", { name: "Save language" }).click();
    await expect(page.getByText("व्यवस्थापन अब नेपालीमा देखिन्छ।")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    await expect(page).toHaveTitle("मेरो खाता · व्यवस्थापन प्यानल");
    await expect(page.getByRole("radio", { name: "नेपाली" })).toBeChecked();
    expect(await latinWords(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The dashboard: greeting, sections and counts in Devanagari digits.
    await page.getByRole("navigation", { name: "व्यवस्थापन" }).getByRole("link", { name: "ड्यासबोर्ड" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`स्वागत छ, माया राई ${tag}!`);
    await expect(page).toHaveTitle("ड्यासबोर्ड · व्यवस्थापन प्यानल");
    await expect(page.getByText(/^[०-९]+ वटा सुरक्षित$/).first()).toBeVisible();
    expect(await page.locator("main").innerText()).not.toMatch(/[0-9]/);
    expect(await latinWords(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // A form: the contract's messages from the catalogue, the chosen day read in Bikram Sambat.
    await page.goto("/teams/new");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("टोलीमा सदस्य थप्नुहोस्");
    // A member of staff sends a new member to a Manager for review.
    const submit = page.getByRole("button", { name: "समीक्षाका लागि पठाउनुहोस्" });
    await submit.click();
    for (const message of ["नाम चाहिन्छ।", "भूमिका चाहिन्छ।", "परिचय चाहिन्छ।", "तस्बिर चाहिन्छ।"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    expect(await latinWords(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("नाम").fill(memberName);
    await page.getByLabel("भूमिका").fill("हेरचाहकर्ता");
    await page.getByLabel("परिचय").fill("साना बालबालिकाको हेरचाह गर्नुहुन्छ।");
    await page.getByLabel("तस्बिर").setInputFiles(fixture("member.jpg"));
    // Constitution Day 2072 BS.
    await page.getByLabel("सामेल भएको मिति").fill("2015-09-20");
    await expect(page.getByTestId("date-reading")).toHaveText("२०७२ असोज ३ (सन् २०१५ सेप्टेम्बर २०)");
    await submit.click();

    // The list, after the save: the message, the BS date, the numbers, all in Nepali.
    await expect(page).toHaveURL("/teams");
    await expect(page.getByText("समीक्षाका लागि पठाइयो। व्यवस्थापकले प्रकाशित गरेपछि पाठकले देख्छन्।")).toBeVisible();
    await page.getByRole("searchbox").fill(memberName);
    await page.getByRole("button", { name: "खोज्नुहोस्" }).click();
    await expect(page.getByText(`“${memberName}” खोज्दा १ वटा भेटियो`)).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(memberName) });
    await expect(row).toContainText("२०७२ असोज ३");
    await expect(row).toContainText("(सन् २०१५ सेप्टेम्बर २०)");
    for (const header of ["तस्बिर", "नाम", "भूमिका", "परिचय", "सामेल भएको मिति", "कार्यहरू"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    await expect(page).toHaveTitle("टोलीका सदस्यहरू · व्यवस्थापन प्यानल");
    const href = await row.getByRole("link", { name: /सम्पादन/ }).getAttribute("href");
    memberId = Number(/(\d+)$/.exec(href ?? "")?.[1]);
    expect(await page.locator("main").innerText()).not.toMatch(/[0-9]/);
    expect(await latinWords(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The choice is kept with the account: a new sign-in on another device is in Nepali at once.
    const other = await page.context().browser()!.newContext();
    const phone = await other.newPage();
    await phone.goto("/login");
    await phone.getByLabel("Email").fill(person.email);
    await phone.getByLabel("Password", { exact: true }).fill(person.password);
    await phone.getByRole("button", { name: "Login" }).click();
    await phone.waitForURL("/dashboard");
    await expect(phone.locator("html")).toHaveAttribute("lang", "ne");
    await expect(phone.getByRole("heading", { level: 1 })).toHaveText(`स्वागत छ, माया राई ${tag}!`);
    await other.close();

    // And back to English.
    await page.goto("/account");
    await hydrated(page);
    await page.getByRole("radio", { name: "English" }).check();
    await page.getByRole("button", { name: "भाषा सुरक्षित गर्नुहोस्" }).click();
    await expect(page.getByText("The admin is now shown in English.")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");
  } finally {
    const auth = { authorization: `Bearer ${token}` };
    if (memberId) await fetch(`${CMS_URL}/api/team-member/${memberId}`, { method: "DELETE", headers: auth });
    await fetch(`${CMS_URL}/api/staff-accounts/${person.id}`, { method: "DELETE", headers: auth });
  }
});
