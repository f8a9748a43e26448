import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect, createServer, type AddressInfo, type Server } from "node:net";
import { expect, test } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { fixture, hydrated, STAFF, STILL_PAGES, unique } from "./support";

test.use(STILL_PAGES);

/**
 * A real MP4 (the test clip) made 12 MB big by a `free` box of random bytes, which players
 * skip (and the CMS's metadata remux drops): big enough for six 2 MiB pieces, quick enough for a test.
 */
function bigVideo(bytes: number): Buffer {
  const clip = readFileSync(fixture("clip.mp4"));
  const filler = bytes - clip.length;
  const box = Buffer.alloc(8);
  box.writeUInt32BE(filler, 0);
  box.write("free", 4, "latin1");
  return Buffer.concat([clip, box, randomBytes(filler - 8)]);
}

/**
 * The browser reaches the web server through this proxy, which counts the bytes the server
 * receives: what "sent twice" would cost shows up here, whatever the browser believes it sent.
 */
async function countingProxy(targetPort: number): Promise<{ server: Server; url: string; received: () => number }> {
  let received = 0;
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    client.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close);
    upstream.on("error", close);
    client.on("close", close);
    upstream.on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received: () => received };
}

test("a video upload cut off for 10 s goes on by itself from where it stopped, and is saved with its file", async ({ page }) => {
  // A 12 MB upload at 1 MB/s with a 10 s outage: about half a minute of real time.
  test.setTimeout(180_000);
  const size = 12 * 1024 * 1024;
  const file = bigVideo(size);
  const proxy = await countingProxy(E2E.webPort);
  try {
    const title = unique("Festival dance");
    await page.goto(`${proxy.url}/login?redirectTo=%2Fgallery%2Fvideos%2Fnew`);
    await hydrated(page);
    await page.getByLabel("Email").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${proxy.url}/gallery/videos/new`);
    await hydrated(page);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Dashain, in the courtyard.");
    await page.getByLabel("Video file").setInputFiles({ name: "dance.mp4", mimeType: "video/mp4", buffer: file });

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const network = (offline: boolean) =>
      cdp.send("Network.emulateNetworkConditions", { offline, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await network(false);

    const before = proxy.received();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/^Uploading\.\.\. \d{1,3}%/)).toBeVisible();
    // Cut off at about a third of the file, as the server counts it.
    await expect.poll(() => proxy.received() - before, { timeout: 60_000, intervals: [100] }).toBeGreaterThan(size * 0.3);
    await network(true);
    await expect(page.getByText(/^Waiting for the connection\.\.\. \d{1,3}% sent so far/)).toBeVisible();
    await page.waitForTimeout(10_000);
    // Still waiting after 10 s, still nothing asked of the user.
    await expect(page.getByText(/^Waiting for the connection/)).toBeVisible();
    await network(false);

    await expect(page).toHaveURL(`${proxy.url}/gallery/videos`, { timeout: 120_000 });
    const sent = proxy.received() - before;
    test.info().annotations.push({ type: "received by the server", description: `${sent} bytes for a ${size}-byte file` });
    await expect(page.getByRole("status").filter({ hasText: "Video added." })).toBeVisible();
    // Every byte of the file arrived about once: no more than a tenth again (headers and the
    // next page's requests included).
    expect(sent).toBeGreaterThan(size);
    expect(sent).toBeLessThanOrEqual(size * 1.1);

    const row = page.getByRole("row", { name: new RegExp(title) });
    await row.getByRole("link", { name: `View ${title}` }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    // The CMS stored the video (its remux drops the filler) and serves it back playable.
    const video = page.getByRole("main").locator("video");
    await expect(video).toHaveAttribute("src", /^\/uploads\/.+\.mp4$/);
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThan(0);
  } finally {
    proxy.server.close();
  }
});
