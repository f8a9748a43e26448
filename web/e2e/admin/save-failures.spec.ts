import { expect, test, type Page } from "@playwright/test";
import { fixture, hydrated, login, markdownOf, STILL_PAGES, unique, writeMarkdown } from "./support";

test.use(STILL_PAGES);

// A save that fails (the connection drops, the server answers 5xx) says so next to Save, where a
// person on a phone is looking, is announced, says what to do, and keeps everything typed and chosen.

const PHONE = { width: 360, height: 740 };

async function fillImageForm(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Children planting rice in the terraces.");
  await page.getByLabel("Image file").setInputFiles(fixture("sunrise.png"));
}

// A Manager's gallery image is published by its main button.
const PUBLISH = "Save and publish";

async function expectFailureNextToSave(page: Page, texts: (string | RegExp)[], saveName = PUBLISH) {
  const footer = page.getByTestId("form-footer");
  const alert = footer.getByRole("alert");
  for (const text of texts) await expect(alert).toContainText(text);
  // The only alert on the page: nothing announced twice, nothing at the top of the form.
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(alert).toBeInViewport({ ratio: 1 });
  const save = footer.getByRole("button", { name: saveName, exact: true });
  await expect(save).toBeInViewport({ ratio: 1 });
  // Right next to it: the message ends just above the button (phones stack Save under it).
  const gap = await footer.evaluate((element, name) => {
    const message = element.querySelector("[role=alert]")!.getBoundingClientRect();
    const button = [...element.querySelectorAll("button")].find((b) => b.textContent?.trim() === name)!.getBoundingClientRect();
    return button.top - message.bottom;
  }, saveName);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThanOrEqual(24);
}

async function expectKept(page: Page, title: string) {
  await expect(page).toHaveURL("/gallery/images/new");
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Description")).toHaveValue("Children planting rice in the terraces.");
  expect(
    await page.getByLabel("Image file").evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name)),
  ).toEqual(["sunrise.png"]);
  await expect(page.getByRole("img", { name: "Selected file" })).toBeVisible();
}

test("a dropped connection: the message is beside Save on a phone, and everything typed and chosen stays", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, "/gallery/images/new");
  await hydrated(page);
  const title = unique("Rice planting");
  await fillImageForm(page, title);
  await page.route("**/admin/save/image", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: PUBLISH }).click();
  await expectFailureNextToSave(page, [
    "Not saved: the connection was lost.",
    "Everything you typed is still here; check your connection and press Save again.",
  ]);
  await expectKept(page, title);

  // With the connection back, pressing Save again saves what was typed.
  await page.unroute("**/admin/save/image");
  await page.getByRole("button", { name: PUBLISH }).click();
  await expect(page).toHaveURL("/gallery/images");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(1);
});

test("a 503 from the server: the message is beside Save on a phone, and everything typed and chosen stays", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, "/gallery/images/new");
  await hydrated(page);
  const title = unique("Monsoon clouds");
  await fillImageForm(page, title);
  await page.route("**/admin/save/image", (route) =>
    route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Service Unavailable</h1>" }),
  );
  await page.getByRole("button", { name: PUBLISH }).click();
  await expectFailureNextToSave(page, [
    // The kind's own failure message, then what happened and what to do.
    "Something went wrong",
    "Not saved: the server had a problem. Everything you typed is still here; press Save again in a moment.",
  ]);
  await expectKept(page, title);
});

test("the Nepali tab: a dropped connection is said beside its Save, and the Nepali text stays", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, "/blogs/new");
  await hydrated(page);
  const title = unique("Tihar lights");
  await page.getByLabel("Title").fill(title);
  await writeMarkdown(page, "Content", "The children lit oil lamps along the terrace.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/bloglist");
  const href = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  const id = /\/blogs\/edit\/(\d+)$/.exec(href!)![1]!;

  await page.goto(`/blogs/edit/${id}?lang=ne`);
  await hydrated(page);
  const neTitle = `तिहारका बत्ती ${Date.now().toString(36).replace(/\d/g, "")}`;
  const neContent = "बालबालिकाले आँगनभरि दियो बाले।";
  await page.getByLabel("Title in Nepali").fill(neTitle);
  await writeMarkdown(page, "Content in Nepali", neContent);
  const save = new RegExp(`/admin/save/blog/${id}\\?lang=ne`);
  await page.route(save, (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Save Nepali version" }).click();
  await expectFailureNextToSave(
    page,
    ["Not saved: the connection was lost.", "Everything you typed is still here; check your connection and press Save again."],
    "Save Nepali version",
  );
  await expect(page).toHaveURL(`/blogs/edit/${id}?lang=ne`);
  await expect(page.getByLabel("Title in Nepali")).toHaveValue(neTitle);
  await expect(markdownOf(page, "Content in Nepali")).toHaveValue(neContent);

  // With the connection back, Save again stores it.
  await page.unroute(save);
  await page.getByRole("button", { name: "Save Nepali version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Title in Nepali")).toHaveValue(neTitle);
});
