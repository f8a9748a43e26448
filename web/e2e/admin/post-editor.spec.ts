import { gzipSync } from "node:zlib";
import { expect, test, type Page, type Response } from "@playwright/test";
import { seriousViolations } from "../support/fixtures";
import { CMS_URL, hydrated, login, markdownOf, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

const editor = (page: Page, name = "Content") => page.getByRole("textbox", { name, exact: true });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: /^Formatting of / });
const button = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true });

/** The id in a blog list row's Edit link. */
async function postId(page: Page, title: string): Promise<string> {
  const edit = page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: `Edit ${title}` });
  return /\/blogs\/edit\/(\d+)$/.exec((await edit.getAttribute("href"))!)![1]!;
}

test("a post written with the toolbar and the keyboard is stored as Markdown and shown as written", async ({ page }) => {
  test.slow();
  await login(page, "/blogs/new");
  await hydrated(page);
  const title = unique("Dashain at the home");
  await page.getByLabel("Title").fill(title);
  // Touching the form brought the editor in place of the textarea.
  await expect(page.getByTestId("rich-editor")).toBeVisible();
  await expect(markdownOf(page, "Content")).toBeHidden();
  expect(await seriousViolations(page), "the form with its editor").toEqual([]);

  await editor(page).click();
  // One Enter between paragraphs, as people type.
  await page.keyboard.type("The children woke early for Dashain.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Everyone put on new clothes.");
  await page.keyboard.press("Enter");
  // Bold by the button, off again by the shortcut.
  await button(page, "Bold").click();
  await expect(button(page, "Bold")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("The tika was at nine.");
  await page.keyboard.press("Control+b");
  await expect(button(page, "Bold")).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Enter");
  // A list by the button; Enter on an empty item leaves it.
  await button(page, "Bulleted list").click();
  await expect(button(page, "Bulleted list")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("kites");
  await page.keyboard.press("Enter");
  await page.keyboard.type("swings");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(button(page, "Bulleted list")).toHaveAttribute("aria-pressed", "false");
  // A link by the shortcut, on the words just typed.
  await page.keyboard.type("Photos are on our page");
  // The words are selected once the editor has taken them in (it writes them out as Markdown), as a
  // person would: eight Shift+ArrowLeft sent while it still read the last keystrokes selected seven.
  await expect(markdownOf(page, "Content")).toHaveValue(/Photos are on our page$/);
  for (let i = 0; i < "our page".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  // The shortcut comes once the selection shows all the words, as a person would press it: on a
  // busy machine the editor could still hold the selection of seven keystrokes.
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe("our page");
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Address of the link (empty removes it):");
    void dialog.accept("https://example.org/dashain");
  });
  await page.keyboard.press("Control+k");
  await expect(button(page, "Link")).toHaveAttribute("aria-pressed", "true");

  // The toolbar is one stop for the Tab key; the arrow keys move inside it.
  await editor(page).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(button(page, "Bold")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(button(page, "Italic")).toBeFocused();
  await page.keyboard.press("End");
  await expect(button(page, "Redo")).toBeFocused();

  const markdown =
    "The children woke early for Dashain.\n\nEveryone put on new clothes.\n\n**The tika was at nine.**\n\n- kites\n- swings\n\nPhotos are on [our page](https://example.org/dashain)";
  await page.getByRole("tab", { name: "Markdown", exact: true }).click();
  await expect(markdownOf(page, "Content")).toHaveValue(markdown);
  expect(await seriousViolations(page), "the Markdown tab").toEqual([]);
  await page.getByRole("tab", { name: "Write", exact: true }).click();
  await expect(page.getByTestId("rich-editor")).toBeVisible();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/bloglist");
  const id = await postId(page, title);
  const stored = (await (await fetch(`${CMS_URL}/api/blog/${id}`)).json()) as { content: string };
  expect(stored.content).toBe(markdown);

  await page.goto(`/blogs/details/${id}`);
  const body = page.getByTestId("blog-content");
  expect(await body.innerHTML()).toBe(
    [
      "<p>The children woke early for Dashain.</p>",
      "<p>Everyone put on new clothes.</p>",
      "<p><strong>The tika was at nine.</strong></p>",
      "<ul>\n<li>kites</li>\n<li>swings</li>\n</ul>",
      '<p>Photos are on <a href="https://example.org/dashain" rel="noopener noreferrer nofollow">our page</a></p>\n',
    ].join("\n"),
  );
});

test("an existing post opened in the editor and saved untouched keeps its Markdown byte for byte", async ({ page }) => {
  await login(page, "/bloglist");
  const edit = page
    .getByRole("main")
    .getByRole("link", { name: /^Edit / })
    .first();
  const id = /\/blogs\/edit\/(\d+)$/.exec((await edit.getAttribute("href"))!)![1]!;
  const before = ((await (await fetch(`${CMS_URL}/api/blog/${id}`)).json()) as { content: string }).content;
  await page.goto(`/blogs/edit/${id}`);
  await hydrated(page);
  await page.getByLabel("Author name").fill("Sita Sharma");
  await expect(page.getByTestId("rich-editor")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/bloglist/);
  expect(((await (await fetch(`${CMS_URL}/api/blog/${id}`)).json()) as { content: string }).content).toBe(before);
});

test("Nepali typed through an input method on the Nepali tab is stored and shown as written", async ({ page }) => {
  test.slow();
  await login(page, "/blogs/new");
  await hydrated(page);
  const title = unique("Tihar");
  await page.getByLabel("Title").fill(title);
  await expect(page.getByTestId("rich-editor")).toBeVisible();
  await editor(page).fill("Lamps at dusk.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/bloglist");
  const id = await postId(page, title);

  await page.goto(`/blogs/edit/${id}?lang=ne`);
  await hydrated(page);
  await page.getByLabel("Title in Nepali").fill("तिहार");
  const nepali = editor(page, "Content in Nepali");
  await expect(page.getByTestId("rich-editor")).toBeVisible();
  await expect(nepali).toHaveAttribute("lang", "ne");
  await nepali.click();
  // An input method composes a word, then commits it (as a phone's or a computer's Nepali keyboard).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.imeSetComposition", { text: "साँझ", selectionStart: 4, selectionEnd: 4 });
  await cdp.send("Input.insertText", { text: "साँझमा" });
  await page.keyboard.insertText(" दियो बालियो।");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+b");
  await page.keyboard.insertText("रङ्गोली");
  await expect(markdownOf(page, "Content in Nepali")).toHaveValue("साँझमा दियो बालियो।\n\n**रङ्गोली**");
  await page.getByRole("button", { name: "Save Nepali version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nepali version saved." })).toBeVisible();
  const stored = (await (await fetch(`${CMS_URL}/api/blog/${id}?locale=ne`)).json()) as { content: string };
  expect(stored.content).toBe("साँझमा दियो बालियो।\n\n**रङ्गोली**");
  await page.goto(`/ne/blogs/details/${id}`);
  await expect(page.getByTestId("blog-content").locator("p")).toHaveText(["साँझमा दियो बालियो।", "रङ्गोली"]);
  await expect(page.getByTestId("blog-content").locator("strong")).toHaveText("रङ्गोली");
});

/** gzip bytes of the scripts a page loads (until the network is quiet after `ready`), with their paths. */
async function scriptsOf(page: Page, load: () => Promise<unknown>, ready: () => Promise<void>) {
  const loads: Promise<{ path: string; bytes: number }>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() !== "script" || response.status() >= 300) return;
    const url = new URL(response.url());
    loads.push(response.body().then((body) => ({ path: url.pathname, bytes: gzipSync(body, { level: 6 }).length })));
  };
  page.on("response", listener);
  await load();
  await ready();
  await page.waitForLoadState("networkidle");
  page.off("response", listener);
  const scripts = await Promise.all(loads);
  return { scripts, total: scripts.reduce((sum, s) => sum + s.bytes, 0) };
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test("budget: the post form's first load stays under 250 KB of script (gzip); the editor comes at the first touch, on post forms only", async ({
  page,
}) => {
  test.slow();
  await login(page);
  const first = await scriptsOf(
    page,
    () => page.goto("/blogs/new", { waitUntil: "networkidle" }),
    () => hydrated(page),
  );
  expect(first.scripts.filter((s) => /RichMarkdownEditor/.test(s.path))).toEqual([]);
  expect(first.total).toBeLessThan(250 * 1024);
  // The first touch of the form (here: the title field) brings the editor.
  const touched = await scriptsOf(
    page,
    () => page.getByLabel("Title").focus(),
    () => expect(page.getByTestId("rich-editor")).toBeVisible(),
  );
  const editorChunks = touched.scripts.filter((s) => /RichMarkdownEditor/.test(s.path)).map((s) => s.path);
  expect(editorChunks.length, "the editor's own chunk").toBe(1);
  console.log(`post form: first load ${kb(first.total)} of script (gzip); the editor, at the first touch, ${kb(touched.total)} more`);

  for (const path of ["/bloglist", "/teams/new", "/gallery/images/new"]) {
    const other = await scriptsOf(
      page,
      () => page.goto(path, { waitUntil: "networkidle" }),
      async () => {
        await hydrated(page);
        await page.keyboard.press("Tab");
      },
    );
    expect(
      other.scripts.filter((s) => editorChunks.includes(s.path)),
      path,
    ).toEqual([]);
  }
  await page.context().clearCookies();
  for (const path of ["/", "/blogs"]) {
    const visitor = await scriptsOf(
      page,
      () => page.goto(path, { waitUntil: "networkidle" }),
      () => hydrated(page),
    );
    expect(
      visitor.scripts.map((s) => s.path),
      path,
    ).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    expect(visitor.total, path).toBeLessThan(5 * 1024);
  }
});
