import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import sharp from "sharp";
import { privateTags, writePhonePhoto } from "./phone-photo";
import { CMS_URL, fixture, hydrated, login, managerToken, STILL_PAGES } from "./support";
import { seriousViolations } from "../support/fixtures";

test.use(STILL_PAGES);

// Page texts end to end: a Manager changes a hero heading and a page text in English and Nepali
// in the admin, and / and /ne show them within 2 s of the save, with the settings' number of
// children where the text says {children}; a Manager replaces a hero slide's photo and / shows it
// through /img within 2 s; Staff have no way to the page texts.

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
  const token36 = Date.now().toString(36);
  const heading = `A home for {children} children ${token36}`;
  const welcome = `Welcome to our family ${token36}`;
  const nepaliHeading = `${devanagari(String(Date.now()).slice(-6))} को घर, {children} जना बालबालिका`;
  try {
    for (const path of ["/", "/ne"]) expect(await pageText(baseURL!, path)).not.toContain(token36);

    await login(page, "/page-texts/home");
    await expect(page.getByRole("heading", { name: "Page texts" })).toBeVisible();
    await hydrated(page);
    const english = page.getByRole("region", { name: "English", exact: true });
    await english.getByLabel("Welcome heading").fill("");
    await english.getByRole("button", { name: "Save texts" }).click();
    await expect(english.getByText("Welcome heading is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await english.getByLabel("Slide 1: heading").fill(heading);
    await english.getByLabel("Welcome heading").fill(welcome);
    await english.getByRole("button", { name: "Save texts" }).click();
    await expect(page.getByText("The page texts are saved. The website shows them now.")).toBeVisible();
    await expect(page.getByText(/^Last edited by .+, \d/)).toBeVisible();

    const nepali = page.getByRole("region", { name: "नेपाली (Nepali)", exact: true });
    await nepali.getByLabel("Slide 1: heading").fill(nepaliHeading);
    await nepali.getByRole("button", { name: "Save Nepali texts" }).click();
    await expect(page.getByText("The Nepali texts are saved. The Nepali website shows them now.")).toBeVisible();

    // The count as stored when the page is read (another test may change the settings meanwhile).
    const expected: [string, (children: number) => string[]][] = [
      ["/", (children) => [`A home for ${children} children ${token36}`, welcome]],
      ["/ne", (children) => [nepaliHeading.replace("{children}", devanagari(String(children)))]],
    ];
    for (const [path, textsFor] of expected) {
      await expect
        .poll(
          async () => {
            const html = await pageText(baseURL!, path);
            const texts = textsFor(await childrenCount(token));
            return texts.every((text) => html.includes(text));
          },
          { timeout: 2_000, intervals: [100] },
        )
        .toBe(true);
    }
    await page.reload();
    await expect(page.getByRole("region", { name: "English", exact: true }).getByLabel("Slide 1: heading")).toHaveValue(heading);
  } finally {
    expect((await putTexts(token, "en", before.en)).status).toBe(200);
    if (before.ne) expect((await putTexts(token, "ne", before.ne)).status).toBe(200);
  }
});

type SlidePhotos = { slidePhotos: { imageUrl: string | null; imageAlt: string | null; version: string }[] };

test("a Manager replaces a hero slide's photo from a phone; / shows it through /img within 2 s, without its metadata", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await managerToken();
  const photosOf = async () =>
    (await (await fetch(`${CMS_URL}/api/page-texts/home`, { headers: { authorization: `Bearer ${token}` } })).json()) as SlidePhotos;
  const before = (await photosOf()).slidePhotos[0]!;
  const description = `Children in the vegetable garden ${Date.now().toString(36)}`;
  const phonePhoto = testInfo.outputPath("IMG_2041.jpg");
  await writePhonePhoto(phonePhoto);

  await login(page, "/page-texts/home");
  await hydrated(page);
  const slide = page.getByRole("region", { name: "Slide 1: photo" });
  await expect(slide.getByRole("img")).toHaveAttribute("alt", before.imageAlt ?? "");
  // A file that is not a picture is refused before anything is sent, with the contract's words.
  await slide.getByLabel(/^New photo/).setInputFiles(fixture("notes.txt"));
  await slide.getByRole("button", { name: "Save photo" }).click();
  await expect(slide.getByText("Invalid file type. Only jpg, jpeg, png, gif allowed.")).toBeVisible();
  expect((await photosOf()).slidePhotos[0]!.imageUrl).toBe(before.imageUrl);

  await slide.getByLabel(/^New photo/).setInputFiles(phonePhoto);
  await slide.getByLabel("Photo description", { exact: true }).fill(description);
  await slide.getByRole("button", { name: "Save photo" }).click();
  await expect(page.getByText("The photo is saved. The home page shows it now.")).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);

  const after = (await photosOf()).slidePhotos[0]!;
  expect(after.imageUrl).not.toBe(before.imageUrl);
  expect(after.imageAlt).toBe(description);
  const file = basename(new URL(after.imageUrl!).pathname);
  // Visitors see it on / within 2 s of the save, served through /img.
  await expect
    .poll(
      async () => {
        const html = await (await fetch(`${baseURL}/`)).text();
        return html.includes(`/img/`) && html.includes(file) && html.includes(description);
      },
      { timeout: 2_000, intervals: [100] },
    )
    .toBe(true);
  // Made the site's size in the phone's browser, stored without place, person or device, the old photo gone.
  const stored = testInfo.outputPath("stored.jpg");
  await writeFile(stored, Buffer.from(await (await fetch(after.imageUrl!)).arrayBuffer()));
  expect(Math.max((await sharp(stored).metadata()).width!, (await sharp(stored).metadata()).height!)).toBeLessThanOrEqual(2560);
  expect(privateTags(stored)).toEqual([]);
  if (before.imageUrl) expect((await fetch(before.imageUrl)).status).toBe(404);

  await page.goto("/");
  const shown = page.getByRole("img", { name: description });
  await expect(shown).toHaveAttribute("src", new RegExp(`^/img/.*${file.replace(".", "\\.")}$`));
});

test("without JavaScript, a slide's photo form posts the photo itself, under the same checks", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const token = await managerToken();
  const photosOf = async () =>
    (await (await fetch(`${CMS_URL}/api/page-texts/home`, { headers: { authorization: `Bearer ${token}` } })).json()) as SlidePhotos;
  const before = (await photosOf()).slidePhotos[1]!;
  const description = `Hills above the home ${Date.now().toString(36)}`;
  await login(page, "/page-texts/home");
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const plain = await context.newPage();
    await plain.goto("/page-texts/home");
    const slide = plain.getByRole("region", { name: "Slide 2: photo" });
    await slide.getByLabel(/^New photo/).setInputFiles(fixture("notes.txt"));
    await slide.getByLabel("Photo description", { exact: true }).fill(description);
    await slide.getByRole("button", { name: "Save photo" }).click();
    await expect(
      plain.getByRole("region", { name: "Slide 2: photo" }).getByText("Invalid file type. Only jpg, jpeg, png, gif allowed."),
    ).toBeVisible();
    expect((await photosOf()).slidePhotos[1]!.imageUrl).toBe(before.imageUrl);

    const again = plain.getByRole("region", { name: "Slide 2: photo" });
    await again.getByLabel(/^New photo/).setInputFiles(fixture("hills.png"));
    await again.getByLabel("Photo description", { exact: true }).fill(description);
    await again.getByRole("button", { name: "Save photo" }).click();
    await expect(plain.getByText("The photo is saved. The home page shows it now.")).toBeVisible();
    const after = (await photosOf()).slidePhotos[1]!;
    expect(after.imageUrl).not.toBe(before.imageUrl);
    expect(after.imageAlt).toBe(description);
  } finally {
    await context.close();
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

type Lists = {
  lists: Record<"en" | "ne", Record<string, Record<string, string | number>[]>>;
  listVersions: Record<"en" | "ne", Record<string, string>>;
};

const listsOf = async (token: string, page: string) =>
  (await (await fetch(`${CMS_URL}/api/page-texts/${page}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Lists;

const putList = (token: string, page: string, list: string, locale: "en" | "ne", items: unknown[]) =>
  fetch(`${CMS_URL}/api/page-texts/${page}/lists/${list}?locale=${locale}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ items }),
  });

test("a Manager swaps an objective card in English and Nepali; /objectives and /ne/objectives follow within 2 s, and a removed card is gone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await managerToken();
  const before = await listsOf(token, "objectives");
  const mark = Date.now().toString(36);
  const title = `Music for every child ${mark}`;
  const nepaliTitle = `सबैका लागि सङ्गीत ${devanagari(String(Date.now()).slice(-6))}`;
  const shows = async (path: string, texts: string[], shown: boolean) =>
    expect
      .poll(
        async () => {
          const html = await pageText(baseURL!, path);
          return texts.every((text) => html.includes(text) === shown);
        },
        { timeout: 2_000, intervals: [100] },
      )
      .toBe(true);
  try {
    await login(page, "/page-texts/objectives");
    await hydrated(page);
    for (const [region, itemTitle, itemText, save] of [
      ["Core objectives · English", title, "Each child learns an instrument.", "Save list"],
      ["Core objectives · नेपाली (Nepali)", nepaliTitle, "", "Save Nepali list"],
    ] as const) {
      const form = page.getByRole("region", { name: region });
      // The list is full: the last card goes first, after a confirmation.
      await expect(form.getByRole("button", { name: "Add an item" })).toHaveCount(0);
      await form.getByRole("button", { name: "Remove Item 4" }).click();
      await expect(form.getByText("Remove item 4? It leaves the page when you save the list.")).toBeVisible();
      await form.getByRole("button", { name: "Keep it" }).click();
      await expect(form.getByLabel("Item 4: Title")).toHaveCount(1);
      await form.getByRole("button", { name: "Remove Item 4" }).click();
      await form.getByRole("button", { name: "Yes, remove" }).click();
      await expect(form.getByLabel("Item 4: Title")).toHaveCount(0);
      await form.getByRole("button", { name: "Add an item" }).click();
      await expect(form.getByLabel("Item 4: Title")).toBeFocused();
      await form.getByRole("button", { name: save }).click();
      await expect(form.getByText("Title is required")).toBeVisible();
      await form.getByLabel("Item 4: Title").fill(itemTitle);
      await form.getByLabel("Item 4: Text").fill(itemText);
      await form.getByRole("button", { name: save }).click();
      await expect(page.getByText("The list is saved. The website shows it now.")).toBeVisible();
      const locale = save === "Save list" ? "en" : "ne";
      await expect.poll(async () => (await listsOf(token, "objectives")).lists[locale].coreObjectives!.at(-1)?.title).toBe(itemTitle);
    }
    await expect(page.getByText(/^Last edited by .+, \d/)).toBeVisible();
    const replacedTitle = String(before.lists.en.coreObjectives![3]!.title);
    await shows("/objectives", [title, "Each child learns an instrument."], true);
    await shows("/objectives", [replacedTitle], false);
    await shows("/ne/objectives", [nepaliTitle], true);

    // Removed again: gone from the page.
    const english = page.getByRole("region", { name: "Core objectives · English" });
    await expect(english.getByLabel("Item 4: Title")).toHaveValue(title);
    await english.getByRole("button", { name: "Remove Item 4" }).click();
    await english.getByRole("button", { name: "Yes, remove" }).click();
    await english.getByRole("button", { name: "Save list" }).click();
    await expect.poll(async () => (await listsOf(token, "objectives")).lists.en.coreObjectives).toHaveLength(3);
    await shows("/objectives", [title], false);
  } finally {
    for (const locale of ["en", "ne"] as const) {
      expect((await putList(token, "objectives", "coreObjectives", locale, before.lists[locale].coreObjectives!)).status).toBe(200);
    }
  }
});
