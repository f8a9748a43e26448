import { expect, hydrated, test } from "./support/fixtures";

const active = (page: import("@playwright/test").Page) => page.getByTestId("hero-slider").getAttribute("data-active-slide").then(Number);

/** A fake clock that only moves when the test says so. */
async function pausedClock(page: import("@playwright/test").Page) {
  const start = new Date("2026-03-01T08:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

test.describe("hero slider", () => {
  test("previous and next buttons wrap both ways", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const slider = page.getByTestId("hero-slider");
    await expect(slider.locator("[data-slide='0']")).toHaveAttribute("aria-hidden", "false");
    await slider.getByRole("button", { name: "Previous slide" }).click();
    expect(await active(page)).toBe(2);
    await expect(slider.locator("[data-slide='2']")).toHaveClass(/animate-slide-in-prev/);
    await slider.getByRole("button", { name: "Next slide" }).click();
    await slider.getByRole("button", { name: "Next slide" }).click();
    expect(await active(page)).toBe(1);
    await expect(slider.locator("[data-slide='1']")).toHaveClass(/animate-slide-in-next/);
    await slider.getByRole("button", { name: "Go to slide 3" }).click();
    expect(await active(page)).toBe(2);
  });

  test("advances every 7 s and restarts the timer after a change (mocked clock)", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.mouse.move(5, 5); // keep the pointer off the slider (hover pauses it)
    await page.clock.runFor(6_900);
    expect(await active(page)).toBe(0);
    await page.clock.runFor(200);
    expect(await active(page)).toBe(1);
    await page.clock.runFor(5_000);
    // A change without focus or hover (dispatching the click event directly).
    await page.getByRole("button", { name: "Next slide" }).dispatchEvent("click");
    expect(await active(page)).toBe(2);
    await page.clock.runFor(6_900);
    expect(await active(page)).toBe(2);
    await page.clock.runFor(200);
    expect(await active(page)).toBe(0);
  });

  test("pauses while hovered and while focus is inside", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("hero-slider").hover();
    await page.clock.runFor(15_000);
    expect(await active(page)).toBe(0);
    await page.mouse.move(5, 5);
    await page.getByRole("button", { name: "Next slide" }).focus();
    await page.clock.runFor(15_000);
    expect(await active(page)).toBe(0);
  });

  test("does not auto-advance under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.mouse.move(5, 5);
    await page.clock.runFor(30_000);
    expect(await active(page)).toBe(0);
  });
});

test.describe("benefit cards", () => {
  test("fade in once when scrolled into view", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const card = page.locator("[data-reveal]").last();
    await card.scrollIntoViewIfNeeded();
    await expect.poll(async () => Number(await card.evaluate((el) => getComputedStyle(el).opacity))).toBe(1);
  });
});

test.describe("donation dialog", () => {
  test("opens from Donate, offers the presets and methods, and pre-fills an e-mail; it pays nothing", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Donate" }).click();
    const dialog = page.getByRole("dialog", { name: "Support the children" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL("/"); // stayed on the page: the link was enhanced
    for (const amount of ["1,000", "2,000", "3,000", "4,000", "5,000"]) {
      await expect(dialog.getByRole("radio", { name: `NPR ${amount}` })).toHaveCount(1);
    }
    for (const method of ["Paypal", "Offline Donation", "Credit Card", "Debit Card"]) {
      await expect(dialog.getByRole("radio", { name: method })).toHaveCount(1);
    }
    await dialog.getByText("NPR 3,000").click();
    await dialog.getByRole("radio", { name: "Offline Donation" }).check();
    const href = decodeURIComponent((await dialog.getByTestId("donate-mailto").getAttribute("href"))!);
    expect(href).toMatch(/^mailto:.+\?subject=Donation of NPR 3,000/);
    expect(href).toContain("by Offline Donation");
    await expect(dialog.locator("form")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
