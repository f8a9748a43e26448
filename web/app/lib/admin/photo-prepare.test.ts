import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readImageSize } from "./photo-prepare";

const blobOf = (buffer: Buffer) => new Blob([new Uint8Array(buffer)]);

describe("reading a photo's size from its header", () => {
  it("finds a JPEG's frame past large metadata segments", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#808080" } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: "x".repeat(60_000) } })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(60_000);
    expect(await readImageSize(blobOf(jpeg))).toEqual({ width: 300, height: 200 });
  });

  it("reads PNG and GIF headers, and says nothing of anything else", async () => {
    const png = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await readImageSize(blobOf(png))).toEqual({ width: 7000, height: 6000 });
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect(await readImageSize(blobOf(gif))).toEqual({ width: 40, height: 30 });
    expect(await readImageSize(blobOf(Buffer.from("hello, not a picture")))).toBeNull();
    // A JPEG cut short before its frame header.
    expect(await readImageSize(blobOf(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x40])))).toBeNull();
  });
});
