import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * ExifTool (the Perl distribution shipped inside the exiftool-vendored.pl npm package), the
 * reference reader and writer of photo and video metadata: the tests write a phone's metadata
 * into their fixtures with it and read every stored or served copy back with it.
 */
const exiftool = createRequire(import.meta.url).resolve('exiftool-vendored.pl/bin/exiftool');

const run = (args: string[]) => execFileSync('perl', [exiftool, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Every tag ExifTool finds in a file, by group and name (duplicates included). */
export function exiftoolJson(file: string): Record<string, unknown> {
  return (JSON.parse(run(['-json', '-a', '-G1', '-n', '-ee', file])) as Record<string, unknown>[])[0];
}

/** The values a phone writes that say where a picture was taken and by whom; none may survive. */
export const PRIVATE_VALUES = /27\.8\d*|83\.5\d*|SN-4471|Sita Gurung|Ram Thapa|Tansen|Pixel 7/;

/** The tags of a file that are about place, person or device (what must be gone after cleaning). */
export function privateTags(file: string): Record<string, unknown> {
  const tags = exiftoolJson(file);
  return Object.fromEntries(Object.entries(tags).filter(([, value]) => PRIVATE_VALUES.test(String(value))));
}

/**
 * Writes what a phone leaves in a photo or video: GPS position (EXIF, XMP and, for videos, the
 * QuickTime location keys), the camera's make, model and serial number, the owner's name, an IPTC
 * place and caption, and a comment.
 */
export function writeMetadata(file: string) {
  const video = /\.(mp4|mov)$/i.test(file);
  const common = [
    '-overwrite_original',
    '-Make=Google',
    '-Model=Pixel 7',
    '-XMP:GPSLatitude=27.8671',
    '-XMP:GPSLongitude=83.5467',
    '-XMP:Creator=Sita Gurung',
    '-XMP:Description=Ram Thapa at school in Tansen',
  ];
  const photo = /\.(jpe?g|png)$/i.test(file)
    ? [
        '-EXIF:GPSLatitude=27.8671',
        '-EXIF:GPSLatitudeRef=N',
        '-EXIF:GPSLongitude=83.5467',
        '-EXIF:GPSLongitudeRef=E',
        '-EXIF:SerialNumber=SN-4471',
        '-EXIF:OwnerName=Sita Gurung',
        '-EXIF:Artist=Sita Gurung',
        ...(/\.jpe?g$/i.test(file)
          ? ['-IPTC:City=Tansen', '-IPTC:Caption-Abstract=Ram Thapa at school', '-Comment=Sita Gurung, Tansen']
          : []),
        ...(/\.png$/i.test(file) ? ['-PNG:Comment=Sita Gurung, Tansen'] : []),
      ]
    : [];
  const gif = /\.gif$/i.test(file) ? ['-Comment=Sita Gurung, Tansen'] : [];
  const movie = video
    ? [
        '-QuickTime:GPSCoordinates=27.8671, 83.5467',
        '-Keys:GPSCoordinates=27.8671, 83.5467',
        '-UserData:GPSCoordinates=27.8671, 83.5467',
        '-QuickTime:Author=Sita Gurung',
        '-Keys:Model=Pixel 7',
        '-UserData:Make=Google',
      ]
    : [];
  run([...common, ...photo, ...gif, ...movie, file]);
}
