import { expect, test } from "@playwright/test";
import { E2E } from "../../playwright.config";
import {
  CMS_URL,
  fakeJwt,
  hydrated,
  login,
  SESSION_COOKIE,
  sessionCookieHeader,
  sessionCookieParams,
  signedSessionCookie,
  STAFF,
  STILL_PAGES,
  tokenInSessionCookie,
} from "./support";

test.use(STILL_PAGES);

test.describe("staff login and session", () => {
  test("admin pages send a visitor without a session to /login, and back after signing in", async ({ page }) => {
    for (const path of ["/dashboard", "/teams", "/gallery/images/new", "/gallery/videos", "/bloglist", "/blogs/new"]) {
      const response = await page.goto(path);
      expect(page.url()).toMatch(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      expect(response?.headers()["cache-control"]).toBe("no-store");
    }
    await hydrated(page);
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/blogs/new");
    await expect(page.getByRole("heading", { name: "Write a blog post" })).toBeVisible();
  });

  test("login validates on submit, then again on change", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Login to Admin Panel" })).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    // Re-validated as the user types.
    await page.getByLabel("Email").fill("someone");
    await expect(page.getByText("Email is required")).toHaveCount(0);
    await expect(page.getByText("Password is required")).toBeVisible();
    // The show/hide toggle.
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("a wrong password shows the server's message in red above the form", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Invalid email or password");
    // Above the form.
    const alertBox = (await alert.boundingBox())!;
    const emailBox = (await page.getByLabel("Email").boundingBox())!;
    expect(alertBox.y).toBeLessThan(emailBox.y);
    // What the user typed is kept; still on /login.
    await expect(page.getByLabel("Email")).toHaveValue(STAFF.email);
    await expect(page).toHaveURL("/login");
  });

  test("login goes to the dashboard; /login then redirects there; logout ends the session", async ({ page, context }) => {
    await login(page);
    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();

    const [cookie] = (await context.cookies()).filter((c) => c.name === SESSION_COOKIE);
    // The production cookie: https only, the whole site, this host only.
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/", domain: "127.0.0.1" });
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(24 * 60 * 60 + 5);
    // The token never reaches scripts or storage.
    expect(await page.evaluate(() => document.cookie)).not.toContain("session");
    expect(await page.evaluate(() => JSON.stringify(localStorage))).toBe("{}");

    await page.goto("/login");
    await expect(page).toHaveURL("/dashboard");

    // The cookie's value does not show the token; the web server's secret opens it.
    const readable = Buffer.from(decodeURIComponent(cookie!.value).split(".")[0]!, "base64").toString("utf8");
    // Only the sealed token and the admin language the person chose.
    expect(readable).toMatch(/^\{"token":"v1\.[\w-]+","adminLocale":"en"\}$/);
    const token = (await tokenInSessionCookie(cookie!.value))!;
    const { sub } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sub: string };
    const cmsMe = () => page.request.get(`${CMS_URL}/api/users/${sub}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await cmsMe()).status()).toBe(200);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    expect((await context.cookies()).filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
    await page.goto("/teams");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fteams$/);
    // A copy of the old cookie is of no use after logout, nor is the token itself: it ended at the CMS.
    await context.addCookies([cookie!]);
    await page.goto("/teams");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fteams$/);
    expect((await cmsMe()).status()).toBe(401);
  });

  test("a forged or expired token in the cookie ends the session and goes back to /login", async ({ page, context }) => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    // Signed by the web server's secret, so only the CMS can tell the token is forged (401).
    for (const token of [fakeJwt({ id: 1, sub: "1", exp: future }), fakeJwt({ id: 1, sub: "1", exp: 1000 }), "not-a-jwt"]) {
      await context.addCookies([sessionCookieParams(await signedSessionCookie(token), `http://127.0.0.1:${E2E.webPort}`)]);
      await page.goto("/gallery/images");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fgallery%2Fimages$/);
      expect((await context.cookies()).filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
    }
    // A cookie that is not signed by the server is ignored outright.
    await context.addCookies([sessionCookieParams("eyJ0b2tlbiI6IngifQ%3D%3D.bad", page.url())]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("admin actions refuse cross-site posts and keep the session", async ({ page, context }) => {
    await login(page);
    const Cookie = await sessionCookieHeader(context);
    const evil = { Cookie, Origin: "http://evil.example" };
    // React Router's own check answers 400 to a foreign Origin on page actions; ours 403.
    const logout = await page.request.post("/logout", { headers: evil, maxRedirects: 0 });
    expect([400, 403]).toContain(logout.status());
    const save = await page.request.post("/admin/save/team", {
      headers: evil,
      multipart: { name: "Mallory", role: "Intruder", bio: "x" },
    });
    expect(save.status()).toBe(403);
    // No Origin, a foreign Referer: refused by ours.
    const remove = await page.request.post("/teams", {
      headers: { Cookie, Referer: "http://evil.example/" },
      form: { intent: "delete", id: "1" },
      maxRedirects: 0,
    });
    expect(remove.status()).toBe(403);
    // Neither header at all: refused too.
    const bare = await page.request.post("/logout", { headers: { Cookie }, maxRedirects: 0 });
    expect(bare.status()).toBe(403);
    // Still signed in, and the first team member is still there.
    await page.goto("/teams");
    await expect(page).toHaveURL("/teams");
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /^View / })
        .first(),
    ).toBeVisible();
  });
});
