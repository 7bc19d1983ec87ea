// Photos for the tests, made with sharp: a phone's JPEG with its GPS position in EXIF, a PNG with a
// text chunk, a WebP with EXIF, a file that is no image under an image's name, and one too large.
import sharp from "sharp";

/** Where the GPS fixture says it was taken (as EXIF writes it); must never reach the firm. */
export const GPS_LATITUDE = "55/1 27/1 3141/100";

const canvas = (/** @type {number} */ width, /** @type {number} */ height, /** @type {string} */ background) =>
  sharp({ create: { width, height, channels: 3, background } });

/** A JPEG as a phone takes it: camera make, GPS position, stored sideways with Orientation 6. */
export const gpsJpeg = () =>
  canvas(64, 48, "#c03020")
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: GPS_LATITUDE } })
    .toBuffer();

/** A PNG with a tEXt chunk (an editor's comment). */
export const textPng = () =>
  canvas(40, 30, "#2050c0")
    .png()
    .withMetadata({})
    .withExif({ IFD0: { ImageDescription: "Hjemme hos Jens" } })
    .toBuffer();

/** A WebP with EXIF (make and GPS). */
export const exifWebp = () =>
  canvas(40, 30, "#20a040")
    .webp()
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: GPS_LATITUDE } })
    .toBuffer();

/** A PDF's first bytes: what a renamed document looks like. */
export const pdfBytes = () => Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

/**
 * A valid JPEG larger than `bytes`, padded with comment segments.
 * @param {number} bytes
 */
export async function jpegOver(bytes) {
  const small = await canvas(16, 16, "#808080").jpeg().toBuffer();
  const segments = [];
  for (let left = bytes + 1; left > 0; left -= 65_533) {
    const size = Math.min(65_533, left);
    const segment = Buffer.alloc(size + 4, 0x41);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(size + 2, 2);
    segments.push(segment);
  }
  return Buffer.concat([small.subarray(0, 2), ...segments, small.subarray(2)]);
}
