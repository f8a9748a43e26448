import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { fixture, hydrated, login, markdownOf, STAFF, STILL_PAGES, unique, writeMarkdown } from "./support";
import { seriousViolations } from "../support/fixtures";
import { toDevanagariDigits } from "../../app/lib/i18n/bs-date";

test.use(STILL_PAGES);

// the language tab of the edit screens writes the Nepali version of the localised
// fields through the CMS's `?locale=ne` contract.
const CMS = `http://127.0.0.1:${process.env.E2E_CMS_PORT ?? 1437}`;

/** A unique name without ASCII digits: Nepali pages show no ASCII digits, and other tests check that meanwhile. */
const lettersOnly = (text: string) => text.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!);

const languageTabs = (page: Page) => page.getByRole("navigation", { name: "Language of the text" });

/** Writes an English post through the admin and returns its id. */
async function createPost(page: Page, title: string, content: string): Promise<string> {
  await page.goto("/blogs/new");
  await hydrated(page);
  await page.getByLabel("Title").fill(title);
  await writeMarkdown(page, "Content", content);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/bloglist");
  const edit = page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: `Edit ${title}` });
  const href = (await edit.getAttribute("href"))!;
  return /\/blogs\/edit\/(\d+)$/.exec(href)![1]!;
}

test.describe("Nepali versions in the admin", () => {
  test("blog post: write the Nepali version, keep it across a reload, see it published, remove it", async ({ page, request }) => {
    test.slow(); // three saves and nine page loads
    const title = unique("Kite flying at Dashain");
    const content = "The older children taught the younger ones to fly kites from the roof.";
    const neTitle = `दशैंमा चङ्गा ${Date.now().toString(36)}`;
    const neContent = "ठूला बालबालिकाले सानालाई छतबाट **चङ्गा** उडाउन सिकाए।";
    await login(page);
    const id = await createPost(page, title, content);

    // The English tab is the form as it was, with the tabs above it.
    await page.goto(`/blogs/edit/${id}`);
    await hydrated(page);
    await expect(languageTabs(page).getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Author email")).toBeVisible();

    await languageTabs(page).getByRole("link", { name: "नेपाली" }).click();
    await expect(page).toHaveURL(`/blogs/edit/${id}?lang=ne`);
    await hydrated(page);
    await expect(languageTabs(page).getByRole("link", { name: "नेपाली" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("There is no Nepali version yet.")).toBeVisible();
    // The English text, for reference, read-only; no author or cover image on this tab.
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "English Content" })).toHaveText(content);
    await expect(page.getByLabel("Author email")).toHaveCount(0);
    await expect(page.getByLabel("Cover image")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Remove Nepali version" })).toHaveCount(0);

    // The English form's required messages.
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Content is required", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Title in Nepali")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Title in Nepali").fill(neTitle);
    await expect(page.getByText("Title is required", { exact: true })).toHaveCount(0);
    await writeMarkdown(page, "Content in Nepali", neContent);
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();
    await expect(page).toHaveURL(`/blogs/edit/${id}?lang=ne`);

    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("Title in Nepali")).toHaveValue(neTitle);
    await expect(markdownOf(page, "Content in Nepali")).toHaveValue(neContent);
    await expect(page.getByText("This is the text visitors of the Nepali website see.")).toBeVisible();

    // The English version is unchanged.
    await languageTabs(page).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(`/blogs/edit/${id}`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(markdownOf(page, "Content")).toHaveValue(content);
    const english = await request.get(`${CMS}/api/blog/${id}`);
    expect(await english.json()).toMatchObject({ title, content, locale: "en" });

    // The CMS has it, and the Nepali website shows it.
    const nepali = await request.get(`${CMS}/api/blog/${id}?locale=ne`);
    expect(await nepali.json()).toMatchObject({ title: neTitle, content: neContent, locale: "ne" });
    await page.goto(`/ne/blogs/details/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: neTitle })).toBeVisible();
    await expect(page.locator("strong", { hasText: "चङ्गा" })).toBeVisible();

    // The admin's view page shows it under a "नेपाली" heading.
    await page.goto(`/blogs/${id}`);
    const section = page.getByRole("region", { name: "नेपाली" });
    await expect(section).toContainText(neTitle);
    await expect(section.locator("strong", { hasText: "चङ्गा" })).toBeVisible();
    await expect(section.getByRole("link", { name: "Change the Nepali version" })).toHaveAttribute("href", `/blogs/edit/${id}?lang=ne`);

    // An empty title on save: the same message, from the browser's check.
    await page.goto(`/blogs/edit/${id}?lang=ne`);
    await hydrated(page);
    await page.getByLabel("Title in Nepali").fill("   ");
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`/blogs/edit/${id}?lang=ne`);

    // Remove it, after the confirmation dialog (Escape cancels first).
    await page.reload();
    await hydrated(page);
    const remove = page.getByRole("link", { name: "Remove Nepali version" });
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: "Please confirm" });
    await expect(dialog).toContainText("Remove the Nepali version? The English version stays as it is.");
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await remove.click();
    await dialog.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nepali version removed." })).toBeVisible();
    await expect(page.getByText("There is no Nepali version yet.")).toBeVisible();
    await expect(page.getByLabel("Title in Nepali")).toHaveValue("");
    const after = await request.get(`${CMS}/api/blog/${id}?locale=ne`);
    expect(await after.json()).toMatchObject({ title, content, locale: "en" });
  });

  test("team member: role and bio in Nepali; Joined At shows the BS date", async ({ page, request }) => {
    test.slow(); // an upload, three saves and seven page loads
    const name = lettersOnly(unique("Sita Tamang"));
    await login(page, "/teams/new");
    await hydrated(page);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Role").fill("Cook");
    await page.getByLabel("Bio").fill("Makes dal bhat for thirty every day.");
    await page.getByLabel("Photo").setInputFiles(fixture("member.jpg"));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL("/teams");
    const row = page.getByRole("row", { name: new RegExp(name) });
    // day, BS month, BS year, then the AD date in brackets.
    await expect(row).toContainText(/\d{1,2} [A-Z][a-z]+ 20\d\d BS \(\d{1,2} [A-Z][a-z]+ 20\d\d\)/);
    const id = /\/teams\/(\d+)\/edit$/.exec((await row.getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))!)![1]!;

    await page.goto(`/teams/${id}`);
    await expect(page.getByRole("region", { name: "नेपाली" })).toContainText("No Nepali version yet");
    await page.getByRole("link", { name: "Write a Nepali version" }).click();
    await expect(page).toHaveURL(`/teams/${id}/edit?lang=ne`);
    await hydrated(page);
    await expect(page.getByText("There is no Nepali version yet.")).toBeVisible();
    // The name in Nepali is optional: only role and bio are required.
    await expect(page.getByLabel("Name in Nepali")).toHaveValue("");
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByText("Role is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Bio is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Name is required", { exact: true })).toHaveCount(0);
    await page.getByLabel("Role in Nepali").fill("भान्से");
    await page.getByLabel("Bio in Nepali").fill("हरेक दिन तीस जनाका लागि दाल भात पकाउनुहुन्छ।");
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Role in Nepali")).toHaveValue("भान्से");
    await expect(page.getByLabel("Bio in Nepali")).toHaveValue("हरेक दिन तीस जनाका लागि दाल भात पकाउनुहुन्छ।");
    expect(await (await request.get(`${CMS}/api/team-member/${id}?locale=ne`)).json()).toMatchObject({
      name,
      role: "भान्से",
      locale: "ne",
    });
    expect(await (await request.get(`${CMS}/api/team-member/${id}`)).json()).toMatchObject({ name, role: "Cook", locale: "en" });

    await page.goto(`/teams/${id}`);
    await expect(page.getByRole("definition").filter({ hasText: / BS \(/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "नेपाली" })).toContainText("भान्से");

    // Tidy up: the member (and with it its Nepali version) goes.
    await page.goto("/teams");
    await hydrated(page);
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team member deleted." })).toBeVisible();
  });

  test("team member: a name in Nepali shows on /ne/current-committee and in its photo's alt text; English keeps the Latin name", async ({
    page,
    request,
  }) => {
    test.slow(); // two saves and six page loads
    const name = lettersOnly(unique("Maya Gurung"));
    // Devanagari only (a unique suffix in Devanagari digits), as a Nepali page shows no ASCII digits.
    const neName = `माया गुरुङ ${toDevanagariDigits(String(Date.now()).slice(-7))}`;
    await login(page, "/teams/new");
    await hydrated(page);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Role").fill("Caregiver");
    await page.getByLabel("Bio").fill("Looks after the younger girls.");
    await page.getByLabel("Photo").setInputFiles(fixture("member.jpg"));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL("/teams");
    const row = page.getByRole("row", { name: new RegExp(name) });
    const id = /\/teams\/(\d+)\/edit$/.exec((await row.getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))!)![1]!;
    const card = (path: string, shown: string) =>
      page.goto(path).then(() => page.getByTestId("committee-list").getByRole("listitem").filter({ hasText: shown }));

    // Nepali role and bio, no Nepali name yet: /ne shows the name as entered.
    await page.goto(`/teams/${id}/edit?lang=ne`);
    await hydrated(page);
    await expect(page.locator('p[lang="en"]', { hasText: name })).toBeVisible(); // the English name, for reference
    await page.getByLabel("Role in Nepali").fill("हेरचाहकर्ता");
    await page.getByLabel("Bio in Nepali").fill("साना बालिकाहरूको हेरचाह गर्नुहुन्छ।");
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();
    expect(await (await request.get(`${CMS}/api/team-member/${id}?locale=ne`)).json()).toMatchObject({
      name,
      local_name: null,
      locale: "ne",
    });
    // (Pages are re-rendered once the CMS announces the change: each check reloads until it holds.)
    await expect(async () => {
      await expect((await card("/ne/current-committee", name)).getByText("हेरचाहकर्ता")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    // As long as the name may be (the CMS refuses longer ones too).
    await page.goto(`/teams/${id}/edit?lang=ne`);
    await hydrated(page);
    await expect(page.getByLabel("Name in Nepali")).toHaveAttribute("maxlength", "120");
    await page.getByLabel("Name in Nepali").fill(neName);
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name in Nepali")).toHaveValue(neName);
    await expect(page.getByLabel("Role in Nepali")).toHaveValue("हेरचाहकर्ता");

    // Stored on the Nepali version only; English clients see what they saw before.
    expect(await (await request.get(`${CMS}/api/team-member/${id}?locale=ne`)).json()).toMatchObject({
      name,
      local_name: neName,
      locale: "ne",
    });
    const english = await (await request.get(`${CMS}/api/team-member/${id}`)).json();
    expect(english).toMatchObject({ name, role: "Caregiver", locale: "en" });
    expect(english).not.toHaveProperty("local_name");

    // The Nepali committee page names the member in Nepali, in the heading and the photo's alt text.
    await expect(async () => {
      const nepaliCard = await card("/ne/current-committee", neName);
      await expect(nepaliCard.getByRole("heading", { level: 2 })).toHaveText(neName, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const nepaliCard = page.getByTestId("committee-list").getByRole("listitem").filter({ hasText: neName });
    await expect(nepaliCard.getByRole("img")).toHaveAttribute("alt", `${neName}को तस्बिर`);
    await expect(page.getByTestId("committee-list")).not.toContainText(name);
    // The English one keeps the Latin name.
    await expect(async () => {
      const englishCard = await card("/current-committee", name);
      await expect(englishCard.getByRole("heading", { level: 2 })).toHaveText(name, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const englishCard = page.getByTestId("committee-list").getByRole("listitem").filter({ hasText: name });
    await expect(englishCard.getByRole("img")).toHaveAttribute("alt", `Photo of ${name}`);
    await expect(page.getByTestId("committee-list")).not.toContainText(neName);

    // The admin's view page lists it under "नेपाली".
    await page.goto(`/teams/${id}`);
    await expect(page.getByRole("region", { name: "नेपाली" })).toContainText(neName);

    await page.goto("/teams");
    await hydrated(page);
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team member deleted." })).toBeVisible();
  });

  test("unsaved text is not lost silently: switching tabs asks first", async ({ page }) => {
    await login(page);
    const id = await createPost(page, unique("Guarded post"), "Some words.");
    await page.goto(`/blogs/edit/${id}`);
    await hydrated(page);
    await page.getByLabel("Title").fill("A title not saved yet");
    const asked: string[] = [];
    // First answer "stay", then "leave".
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await languageTabs(page).getByRole("link", { name: "नेपाली" }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toBe("You have changes that are not saved. Leave this page and lose them?");
    await expect(page).toHaveURL(`/blogs/edit/${id}`);
    await expect(page.getByLabel("Title")).toHaveValue("A title not saved yet");

    page.once("dialog", (dialog) => void dialog.accept());
    await languageTabs(page).getByRole("link", { name: "नेपाली" }).click();
    await expect(page).toHaveURL(`/blogs/edit/${id}?lang=ne`);
    await hydrated(page);
    // Nothing typed on this tab: it is left without a question, and a save is never held up.
    await languageTabs(page).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(`/blogs/edit/${id}`);
    await hydrated(page);
    await page.getByLabel("Title").fill("Saved this time");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL("/bloglist");
    await expect(page.getByRole("row", { name: /Saved this time/ })).toBeVisible();
  });

  test("'Joined At' converts known dates as Nepal's published calendar has them", async ({ page, request }) => {
    // Written through the CMS contract, which takes any joined_at (the admin form sets today's).
    const { token: jwt } = await (
      await request.post(`${CMS}/api/users/login`, { data: { email: STAFF.email, password: STAFF.password } })
    ).json();
    const known = [
      // Constitution Day, Asoj 3, 2072 BS (khabarhub); New Year 2081 BS on 13 April 2024 (myrepublica).
      { joined: "2015-09-20", shown: "3 Asoj 2072 BS (20 September 2015)" },
      { joined: "2024-04-13", shown: "1 Baisakh 2081 BS (13 April 2024)" },
    ];
    const ids: number[] = [];
    for (const { joined } of known) {
      const created = await request.post(`${CMS}/api/team-member`, {
        headers: { authorization: `Bearer ${jwt}` },
        multipart: {
          name: unique(`Joined ${joined}`),
          role: "Volunteer",
          bio: "Helps with homework.",
          joined_at: joined,
          photo: { name: "p.jpg", mimeType: "image/jpeg", buffer: readFileSync(fixture("member.jpg")) },
        },
      });
      expect(created.status()).toBe(201);
      ids.push((await created.json()).id);
    }
    await login(page, "/teams");
    for (const [index, { shown }] of known.entries()) {
      await page.goto(`/teams/${ids[index]}`);
      await expect(page.getByRole("main")).toContainText(shown);
    }
    for (const id of ids) await request.delete(`${CMS}/api/team-member/${id}`, { headers: { authorization: `Bearer ${jwt}` } });
  });

  test("gallery image: a photo description of its own, in English and Nepali, describes the public photo instead of its title", async ({
    page,
  }) => {
    test.slow(); // an upload, two saves and six page loads
    const title = lettersOnly(unique("Sita and Ram at school"));
    const alt = lettersOnly(unique("Two children reading at a desk by a window"));
    const suffix = toDevanagariDigits(String(Date.now()).slice(-7));
    const neTitle = `विद्यालयमा ${suffix}`;
    const neAlt = `झ्यालछेउ टेबलमा पढिरहेका दुई बालबालिका ${suffix}`;
    await login(page, "/gallery/images/new");
    await hydrated(page);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Homework time.");
    await page.getByLabel("Image file").setInputFiles(fixture("hills.png"));
    await expect(page.getByLabel("What the photo shows")).toHaveAttribute("maxlength", "200");
    await page.getByLabel("What the photo shows").fill(alt);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL("/gallery/images");
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row.getByRole("img", { name: alt })).toBeVisible();
    const id = /\/gallery\/images\/(\d+)\/edit$/.exec((await row.getByRole("link", { name: `Edit ${title}` }).getAttribute("href"))!)![1]!;

    await page.goto(`/gallery/images/${id}/edit?lang=ne`);
    await hydrated(page);
    await page.getByLabel("Title in Nepali").fill(neTitle);
    await page.getByLabel("Description in Nepali").fill("गृहकार्यको समय।");
    await page.getByLabel("What the photo shows in Nepali").fill(neAlt);
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();

    // Each website's photo dialog describes the photo in its language; the title stays the heading.
    for (const [path, heading, description] of [
      [`/gallery?image=${id}`, title, alt],
      [`/ne/gallery?image=${id}`, neTitle, neAlt],
    ] as const) {
      await expect(async () => {
        await page.goto(path);
        const dialog = page.getByTestId("image-modal");
        await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(heading, { timeout: 1000 });
        await expect(dialog.getByRole("img")).toHaveAttribute("alt", description, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
    }

    await page.goto("/gallery/images");
    await row.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  });

  test("gallery image and video edit screens have the Nepali tab too", async ({ page }) => {
    await login(page);
    for (const list of ["/gallery/images", "/gallery/videos"]) {
      await page.goto(list);
      const edit = page
        .getByRole("main")
        .getByRole("link", { name: /^Edit / })
        .first();
      await page.goto(`${(await edit.getAttribute("href"))!}?lang=ne`);
      await hydrated(page);
      await expect(page.getByLabel("Title in Nepali")).toBeVisible();
      await expect(page.getByLabel("Description in Nepali")).toBeVisible();
      await expect(page.getByLabel(/file/)).toHaveCount(0);
    }
  });

  test("the Nepali tab has no serious accessibility problems, also showing its errors", async ({ page }) => {
    test.slow(); // a post created, then axe-core scans
    await login(page);
    const id = await createPost(page, unique("Axe check"), "Checked by axe-core.");
    await page.goto(`/blogs/edit/${id}?lang=ne`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("without JavaScript the Nepali tab still saves", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(process.env.ADMIN_EMAIL || "admin@example.org");
    await page.getByLabel("Password", { exact: true }).fill(process.env.ADMIN_PASSWORD || "Namaste-2026");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("/dashboard");
    await page.goto("/gallery/images");
    const edit = page
      .getByRole("main")
      .getByRole("link", { name: /^Edit / })
      .first();
    const path = (await edit.getAttribute("href"))!;
    await page.goto(`${path}?lang=ne`);
    // Server-side check of an empty form: the same messages.
    await page.getByLabel("Title in Nepali").fill("");
    await page.getByLabel("Description in Nepali").fill("");
    await page.getByRole("button", { name: "Save Nepali version" }).click();
    await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Description is required", { exact: true })).toBeVisible();
    await context.close();
  });
});
