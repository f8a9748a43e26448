import { type Browser, expect, test } from "@playwright/test";
import { CMS_URL, fixture, hydrated, login, managerToken, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

// A member of staff writes a post and submits it; it stays off the website until a Manager, told
// on the dashboard, approves and publishes it. The post's page shows Managers who did what.

let token: string;
const colleague = { name: "Kamala Rai", email: "", password: "Seven mango trees", id: 0 };

test.beforeAll(async () => {
  token = await managerToken();
  colleague.email = `kamala-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}@example.org`;
  const account = await fetch(`${CMS_URL}/api/staff-accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: colleague.name, email: colleague.email, role: "staff", password: colleague.password }),
  });
  expect(account.status).toBe(201);
  colleague.id = ((await account.json()) as { id: number }).id;
});

test.afterAll(async () => {
  await fetch(`${CMS_URL}/api/staff-accounts/${colleague.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});

/** Kamala, signed in in a browser of her own. */
async function signInColleague(browser: Browser) {
  const staffContext = await browser.newContext(STILL_PAGES.contextOptions);
  const staffPage = await staffContext.newPage();
  await staffPage.goto("/login");
  await hydrated(staffPage);
  await staffPage.getByLabel("Email").fill(colleague.email);
  await staffPage.getByLabel("Password", { exact: true }).fill(colleague.password);
  await staffPage.getByRole("button", { name: "Login" }).click();
  await staffPage.waitForURL("/dashboard");
  return { staffContext, staffPage };
}

test("Staff submit a post for review; a Manager sees it on the dashboard, approves it, and it is on the site within 2 s", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const title = unique("Holi at the home");

  // Kamala (Staff) writes a post: her form offers a draft or a review, never publishing.
  const { staffContext, staffPage } = await signInColleague(browser);
  await expect(staffPage.getByRole("heading", { name: "Waiting for your review" })).toHaveCount(0);
  await staffPage.goto("/blogs/new");
  await hydrated(staffPage);
  await expect(staffPage.getByRole("button", { name: "Save and publish" })).toHaveCount(0);
  await expect(staffPage.getByText("Visitors do not see it until a Manager publishes it.")).toBeVisible();
  await staffPage.getByLabel("Title").fill(title);
  await expect(staffPage.getByTestId("rich-editor")).toBeVisible();
  await staffPage.getByRole("textbox", { name: "Content", exact: true }).click();
  await staffPage.keyboard.type("The children sang for the visitors.");
  await staffPage.getByRole("button", { name: "Submit for review" }).click();
  await staffPage.waitForURL("/bloglist");
  await expect(staffPage.getByText("Sent for review. Visitors see it once a Manager publishes it.")).toBeVisible();
  await expect(staffPage.getByRole("row", { name: new RegExp(title) }).getByTestId("item-status")).toHaveText("Waiting for review");
  const edit = staffPage.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: `Edit ${title}` });
  const id = /\/blogs\/edit\/(\d+)$/.exec((await edit.getAttribute("href"))!)![1]!;
  // Her own post's page has no history for her: that is for Managers.
  await staffPage.goto(`/blogs/${id}`);
  await expect(staffPage.getByTestId("item-status")).toHaveText("Waiting for review");
  await expect(staffPage.getByRole("heading", { name: "History" })).toHaveCount(0);
  await staffContext.close();

  // Not on the website.
  expect((await request.get(`/blogs/details/${id}`)).status()).toBe(404);
  expect(await (await request.get("/blogs")).text()).not.toContain(title);

  // The Manager finds it on the dashboard, reads it and approves it.
  await login(page, "/dashboard");
  const review = page.getByRole("region", { name: "Waiting for your review" });
  await expect(review.getByRole("link", { name: title })).toBeVisible();
  await expect(review).toContainText(`from ${colleague.name}`);
  await page.goto(`/blogs/preview/${id}`);
  await expect(page.getByTestId("preview-banner")).toHaveText(
    "Preview for staff: this post waits for a Manager's review and is not on the website.",
  );
  await page.goto("/dashboard");
  await review.getByRole("link", { name: title }).click();
  await page.waitForURL(`/blogs/edit/${id}`);
  await hydrated(page);
  await expect(
    page.getByText("Sent for review. Read it (Preview on the post's page), then publish it, or keep it as a draft."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await page.waitForURL("/bloglist");
  await expect(page.getByRole("row", { name: new RegExp(title) }).getByTestId("item-status")).toHaveText("Published");
  await expect
    .poll(async () => (await (await request.get("/blogs")).text()).includes(title), { timeout: 2000, intervals: [50] })
    .toBe(true);
  expect((await request.get(`/blogs/details/${id}`)).status()).toBe(200);

  // Who did what, on the post's page.
  await page.goto(`/blogs/${id}`);
  const history = page.getByTestId("publication-history").getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText("approved and published it");
  await expect(history.nth(1)).toContainText(`${colleague.name} submitted it for review`);

  await fetch(`${CMS_URL}/api/blog/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});

test("a gallery photo from Staff waits for a Manager too, and is in the gallery within 2 s of approval", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const title = unique("Swings in the yard");
  const { staffContext, staffPage } = await signInColleague(browser);
  await staffPage.goto("/gallery/images/new");
  await hydrated(staffPage);
  await expect(staffPage.getByRole("button", { name: "Save and publish" })).toHaveCount(0);
  await staffPage.getByLabel("Title").fill(title);
  await staffPage.getByLabel("Description").fill("The new swings.");
  await staffPage.getByLabel("Image file").setInputFiles(fixture("hills.png"));
  await staffPage.getByRole("button", { name: "Submit for review" }).click();
  await staffPage.waitForURL("/gallery/images");
  await expect(staffPage.getByRole("row", { name: new RegExp(title) }).getByTestId("item-status")).toHaveText("Waiting for review");
  await staffContext.close();
  expect(await (await request.get("/gallery")).text()).not.toContain(title);

  await login(page, "/dashboard");
  const review = page.getByRole("region", { name: "Waiting for your review" });
  await expect(review.getByRole("listitem").filter({ hasText: title })).toContainText("Gallery image");
  await review.getByRole("link", { name: title }).click();
  await page.waitForURL(/\/gallery\/images\/\d+\/edit$/);
  const id = /\/gallery\/images\/(\d+)\/edit$/.exec(page.url())![1]!;
  await hydrated(page);
  await expect(page.getByText("Sent for review. Check it, then publish it, or keep it as a draft.")).toBeVisible();
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await page.waitForURL("/gallery/images");
  await expect
    .poll(async () => (await (await request.get("/gallery")).text()).includes(title), { timeout: 2000, intervals: [50] })
    .toBe(true);
  await fetch(`${CMS_URL}/api/image-gallery/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});
