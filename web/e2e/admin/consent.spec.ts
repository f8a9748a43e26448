import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { CMS_URL, fixture, hydrated, login, managerToken, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

// Consent for photos of children: staff record it from a post's page, a Manager withdraws it (the
// photo leaves the website and the posts that use it are unpublished), and a post with a photo of
// children without valid consent cannot be published.

let token: string;
const created: number[] = [];
// Consent given ten days ago: valid whenever the test runs, its review a year on.
const day = (date: Date) => date.toISOString().slice(0, 10);
const given = new Date(Date.now() - 10 * 86_400_000);
const GIVEN_ON = day(given);
const REVIEW_ON = day(new Date(Date.UTC(given.getUTCFullYear() + 1, given.getUTCMonth(), given.getUTCDate())));

async function createPost(fields: Record<string, string>, cover?: string): Promise<{ id: number; mediaUrl: string | null }> {
  const post = new FormData();
  post.set("author", "news@example.org");
  for (const [name, value] of Object.entries(fields)) post.set(name, value);
  if (cover) post.set("media", new Blob([await readFile(fixture(cover))], { type: "image/jpeg" }), cover);
  const answer = await fetch(`${CMS_URL}/api/blog`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: post });
  expect(answer.status).toBe(201);
  const body = (await answer.json()) as { id: number; mediaUrl: string | null };
  created.push(body.id);
  return body;
}

test.beforeAll(async () => {
  token = await managerToken();
});

test.afterAll(async () => {
  for (const id of created) await fetch(`${CMS_URL}/api/blog/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
});

test("staff record a photo's consent from its post; a Manager withdraws it; a post using it cannot be published", async ({
  page,
  request,
}) => {
  test.slow();
  const published = await createPost({ title: unique("Kite day"), content: "The children flew kites.", status: "published" }, "member.jpg");
  const photo = /\/uploads\/([^/]+)$/.exec(published.mediaUrl ?? "")![1]!;
  const draftTitle = unique("Kites again");
  const draft = await createPost({ title: draftTitle, content: `More kites.\n\n![Kites](/uploads/${photo})`, status: "draft" });

  // Visitors (no session) see the post and its photo, at full size and resized.
  const visitor = async () => ({
    post: (await request.get(`/blogs/details/${published.id}`, { maxRedirects: 0 })).status(),
    nepali: (await request.get(`/ne/blogs/details/${published.id}`, { maxRedirects: 0 })).status(),
    original: (await request.get(`/uploads/${photo}`)).status(),
    resized: (await request.get(`/img/640/webp/${photo}`)).status(),
  });
  expect(await visitor()).toEqual({ post: 200, nepali: 200, original: 200, resized: 200 });

  // The post's page lists its cover with its state in words and the way to its consent page.
  await login(page, `/blogs/${published.id}`);
  const photos = page.getByRole("region", { name: "Photos and consent" });
  await expect(photos.getByText("Cover")).toBeVisible();
  await expect(photos.getByText("Not marked yet")).toBeVisible();
  await photos.getByRole("link", { name: /Record consent/ }).click();
  await page.waitForURL(new RegExp(`/admin/photos/${photo.replace(".", "\\.")}/consent\\?returnTo=`));
  await hydrated(page);

  // Yes, with nothing else: each missing answer is said by its field, in the shared words.
  await page.getByLabel("Yes").check();
  await page.getByLabel("This website").uncheck();
  await page.getByLabel("Date consent was given").fill("");
  await page.getByRole("button", { name: "Save consent" }).click();
  await expect(page.getByText("Say who gave the consent.")).toBeVisible();
  await expect(page.getByText("The consent must cover the website to show the photo here.")).toBeVisible();
  await expect(page.getByText("Enter the date the consent was given (YYYY-MM-DD).")).toBeVisible();

  await page.getByLabel("A parent or guardian").check();
  await page.getByLabel("Date consent was given").fill(GIVEN_ON);
  await expect(page.getByLabel("Review date")).toHaveValue(REVIEW_ON);
  await page.getByLabel("This website").check();
  await page.getByRole("button", { name: "Save consent" }).click();
  await page.waitForURL(`/blogs/${published.id}`);
  await expect(page.getByText("Consent saved.")).toBeVisible();
  await expect(photos.getByText(/Consent valid|Review due soon/)).toBeVisible();

  // The Manager withdraws it, after a confirmation that says what it does.
  await photos.getByRole("link", { name: /Record consent/ }).click();
  await hydrated(page);
  await page.getByRole("link", { name: "Withdraw consent" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    "takes the photo off the website everywhere at once and unpublishes the posts and gallery items that use it",
  );
  await dialog.getByRole("button", { name: "Withdraw consent" }).click();
  await expect(page.getByTestId("consent-withdrawn")).toBeVisible();
  await expect(page.getByText("Unpublished because of this:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save consent" })).toBeDisabled();
  // Visitors lose the post, the photo and its resized copy within 2 s.
  await expect.poll(visitor, { timeout: 2000, intervals: [100] }).toEqual({ post: 404, nepali: 404, original: 404, resized: 404 });
  // The photo's history keeps the consent as it was given and the withdrawal; the post's own record says so too.
  const history = page.getByTestId("consent-history").getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText("withdrew the consent");
  await expect(history.nth(1)).toContainText(
    `recorded: given by a parent or guardian on ${GIVEN_ON}, for this website, review on ${REVIEW_ON}`,
  );
  await page.goto(`/blogs/${published.id}`);
  await expect(page.getByTestId("publication-history").getByRole("listitem").first()).toContainText("unpublished it");
  await expect(page.getByTestId("publication-history")).toContainText(`withdrew the consent for a photo in it (${photo})`);

  // The draft that shows the same photo cannot be published: the form says why and keeps the text.
  await page.goto(`/blogs/edit/${draft.id}`);
  await hydrated(page);
  await page.getByLabel("Title").fill(`${draftTitle} (typed)`);
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(
    page.getByText("A photo being published shows children and has no valid consent on record. Record the consent before publishing."),
  ).toBeVisible();
  await expect(page.getByTestId("consent-refusal").getByRole("link", { name: new RegExp(photo.replace(".", "\\.")) })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(`${draftTitle} (typed)`);
});
