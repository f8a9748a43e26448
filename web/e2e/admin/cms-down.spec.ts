import { expect, test } from "@playwright/test";
import { fixture, hydrated, login, STILL_PAGES } from "./support";

test.use(STILL_PAGES);

// The harness runs a second web server whose CMS address points nowhere. Cookies are
// per host, not per port, and both servers share the session secret: a member of staff
// signed in on the normal one arrives there signed in, as if the CMS had just gone down.
const DOWN = `http://127.0.0.1:${process.env.E2E_WEB_DOWN_PORT ?? 3101}`;

test.describe("when the CMS is down", () => {
  test("lists say so in red, and a failed save keeps what was typed", async ({ page }) => {
    await login(page);

    const list = await page.goto(`${DOWN}/teams`);
    expect(list?.status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText("Failed to fetch team members");
    await page.goto(`${DOWN}/gallery/images`);
    await expect(page.getByRole("alert")).toHaveText("Error loading images: Something went wrong");

    await page.goto(`${DOWN}/gallery/images/new`);
    await hydrated(page);
    await page.getByLabel("Title").fill("Monsoon clouds");
    await page.getByLabel("Description").fill("Saved while the CMS was away.");
    await page.getByLabel("Image file").setInputFiles(fixture("hills.png"));
    // Without the CMS nobody can say who may publish, so the form offers what anyone may.
    const submit = page.getByRole("button", { name: "Submit for review" });
    await submit.click();
    // What happened, and what to do, beside Save.
    const alert = page.getByTestId("form-footer").getByRole("alert");
    await expect(alert).toContainText("Something went wrong");
    await expect(alert).toContainText("Everything you typed is still here; press Save again in a moment.");
    await expect(page).toHaveURL(`${DOWN}/gallery/images/new`);
    await expect(page.getByLabel("Title")).toHaveValue("Monsoon clouds");
    await expect(page.getByLabel("Description")).toHaveValue("Saved while the CMS was away.");
    await expect(submit).toBeEnabled();
  });
});
