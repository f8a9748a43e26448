import { expect, test } from "@playwright/test";
import { CMS_URL, hydrated, login, managerToken, STILL_PAGES, unique, writeMarkdown } from "./support";

test.use(STILL_PAGES);

// The children's full names: a Manager keeps the list, and the content forms warn, as staff type
// and before they save, about any of those names in a title or a photo's description. A warning,
// never a block.

let token: string;
let listBefore: string[] = [];

const childNames = (init?: RequestInit) =>
  fetch(`${CMS_URL}/api/child-names`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });

test.beforeAll(async () => {
  token = await managerToken();
  listBefore = ((await (await childNames()).json()) as { names: string[] }).names;
});

test.afterAll(async () => {
  await childNames({ method: "PUT", body: JSON.stringify({ names: listBefore }) });
});

test("a Manager saves the list; a new post warns about the names in its title and a photo's description, and still saves", async ({
  page,
}) => {
  test.slow();

  // The list: one name per line, a first name alone refused by its field in the shared words.
  await login(page, "/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Children's names" }).click();
  await page.waitForURL("/child-names");
  await hydrated(page);
  await expect(page.getByText("never appears on the website")).toBeVisible();
  const list = page.getByLabel("Full names, one per line");
  await list.fill("Sita Gurung\nRam");
  await page.getByRole("button", { name: "Save the list" }).click();
  await expect(page.getByText("Write each full name, first name and family name")).toBeVisible();
  await list.fill("Sita Gurung\n\nRam   Thapa\nsita gurung");
  await page.getByRole("button", { name: "Save the list" }).click();
  await expect(page.getByText("The list of children's names is saved.")).toBeVisible();
  await expect(page.getByText("Names on the list now: 2.")).toBeVisible();
  await expect(list).toHaveValue("Sita Gurung\nRam Thapa");

  // A new post: nothing to warn about until a listed name is written.
  await page.goto("/blogs/new");
  await hydrated(page);
  const warning = page.getByTestId("child-names-warning");
  const title = unique("Picnic with Sita Gurung");
  await page.getByLabel("Title").fill(title);
  await expect(warning).toHaveText(/This text names a child in full: Sita Gurung\. Use the first name only, or no name\./);
  await expect(page.getByRole("status").filter({ has: warning })).toHaveCount(1);

  // A photo's description inside the post's text counts too.
  await writeMarkdown(page, "Content", "We had a picnic by the river.\n\n![Ram Thapa on the swing](/uploads/swing.jpg)");
  await expect(warning).toContainText("This text names children in full: Sita Gurung and Ram Thapa.");
  await expect(warning).toContainText("you can still save");

  // Saving is not blocked.
  await page.getByRole("button", { name: "Keep as draft" }).click();
  await page.waitForURL("/bloglist");
  const edit = page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: `Edit ${title}` });
  const id = /\/blogs\/edit\/(\d+)$/.exec((await edit.getAttribute("href"))!)![1]!;

  // The stored post's edit page says it from its first render, before any typing.
  await page.goto(`/blogs/edit/${id}`);
  await expect(warning).toContainText("Sita Gurung and Ram Thapa");
  await hydrated(page);
  await page.getByLabel("Title").fill(unique("Picnic"));
  await expect(warning).toContainText("This text names a child in full: Ram Thapa.");

  await fetch(`${CMS_URL}/api/blog/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});
