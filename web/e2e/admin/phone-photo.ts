import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import sharp from "sharp";

/**
 * A photo as a phone takes it: 4000x3000 pixels, about 5 MB of JPEG at quality 95, lying on
 * its side with an EXIF orientation that says "turn me a quarter clockwise" (the sensor's
 * landscape, shown as a 3000x4000 portrait), and the GPS position, camera and owner a phone
 * writes. A red square marks the sensor's top-left corner: upright, it is the top-right.
 */
export const PHONE_PHOTO = { width: 4000, height: 3000, markerSide: 600 } as const;

/** ExifTool (inside the CMS's exiftool-vendored.pl package), the reference metadata writer and reader. */
const exiftool = createRequire(new URL("../../../cms/package.json", import.meta.url)).resolve("exiftool-vendored.pl/bin/exiftool");
const runExiftool = (args: string[]) => execFileSync("perl", [exiftool, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

export async function writePhonePhoto(path: string): Promise<void> {
  const { width, height, markerSide } = PHONE_PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  // Gradients, texture and sensor noise: a photo's detail, so the JPEG is the size a phone's is.
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const texture = Math.sin(x / 7) * Math.cos(y / 11) * 18;
      const red = x < markerSide && y < markerSide;
      const base = red ? [230, 20, 20] : [(x / width) * 200 + 30, (y / height) * 180 + 40, ((x + y) / (width + height)) * 150 + 60];
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, base[c]! + (red ? 0 : texture + noise() * 36)));
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toFile(path);
  runExiftool([
    "-overwrite_original",
    "-Make=Google",
    "-Model=Pixel 7",
    "-EXIF:GPSLatitude=27.8671",
    "-EXIF:GPSLatitudeRef=N",
    "-EXIF:GPSLongitude=83.5467",
    "-EXIF:GPSLongitudeRef=E",
    "-EXIF:OwnerName=Sita Gurung",
    "-XMP:GPSLatitude=27.8671",
    "-XMP:GPSLongitude=83.5467",
    path,
  ]);
}

/** Every tag ExifTool finds, by group and name. */
export function exiftoolTags(path: string): Record<string, unknown> {
  return (JSON.parse(runExiftool(["-json", "-a", "-G1", "-n", path])) as Record<string, unknown>[])[0]!;
}

/** The tags that say where the photo was taken or whose it is. */
export function privateTags(path: string): string[] {
  return Object.entries(exiftoolTags(path))
    .filter(([name, value]) => /GPS/i.test(name) || /27\.86|83\.54|Sita Gurung|Pixel 7/.test(String(value)))
    .map(([name]) => name);
}
