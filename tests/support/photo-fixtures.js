// Photos for the tests, made with sharp: a phone's JPEG with its GPS position in EXIF, a PNG with a
// text chunk, a WebP with EXIF, a file that is no image under an image's name, and one too large. Made
// by hand: PNG chunks, a black PNG of any size (a 30000 x 30000 one in 107 kB), and the MP4 a Motion
// Photo appends to its JPEG.
import zlib from "node:zlib";
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

/**
 * A PNG chunk: length, type, data and CRC.
 * @param {string} type
 * @param {Uint8Array} [data]
 */
export function pngChunk(type, data = new Uint8Array(0)) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A whole black PNG of `width` x `height` (one bit a pixel), written by hand: all zeros compress to
 * almost nothing, so a 30000 x 30000 picture is about 107 kB. `extra` chunks go before IDAT.
 * @param {number} width
 * @param {number} height
 * @param {Buffer[]} [extra]
 */
export function blackPng(width, height, extra = []) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), compression, filter, interlace 0
  const rows = zlib.deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    ...extra,
    pngChunk("IDAT", rows),
    pngChunk("IEND"),
  ]);
}

/** What a Motion Photo appends to its JPEG: an MP4 whose `©xyz` atom holds where it was filmed. */
export const MP4_LOCATION = "+55.4541+012.1843/";
export function locatedMp4() {
  const box = (/** @type {string} */ type, /** @type {Buffer} */ body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, "latin1");
    return Buffer.concat([head, body]);
  };
  const where = box("\u00a9xyz", Buffer.concat([Buffer.from([0, MP4_LOCATION.length, 0x15, 0xc7]), Buffer.from(MP4_LOCATION)]));
  return Buffer.concat([box("ftyp", Buffer.from("isom\0\0\0\0isom")), box("moov", box("udta", where))]);
}
