// What a photo is, told by its bytes (never its name or declared type), and the same photo as an image
// and nothing else: its frame header and image data required, its size read from the header and held to
// PIXEL_LIMITS, the metadata a camera writes into it (the GPS position, the camera, the time) and every
// segment or chunk a viewer does not need left out, and nothing kept after the image's end (a phone
// appends a preview, a gain map or a Motion Photo's video there, each with a location of its own). By
// byte surgery: segments and chunks are moved together or left out, in the photo's own bytes, nothing
// is decoded, so the cost is one pass over the bytes and no second copy of them.
// Formats: JPEG (ITU T.81 B.1, B.2), PNG (RFC 2083 / PNG 3rd ed. 5.3, 11.3), WebP (RFC 9649: the
// container and the lossless bitstream's header; RFC 6386 9.1: the VP8 frame header).

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

/** Thrown when a photo's bytes are not a whole image of a type it claims by its first bytes. */
export class NotAPhoto extends Error {}

/** Thrown when a photo's header gives it more pixels than PIXEL_LIMITS: a whole image, too large to open. */
export class TooManyPixels extends NotAPhoto {}

/**
 * The largest picture the firm is sent, in pixels and on its longest side. A viewer opens a picture as
 * 3-4 bytes a pixel whatever its file's size: a 107 kB PNG can say 30000 x 30000 and take 3.6 GB to
 * show. 64 million pixels (256 MB as RGBA) takes a phone's 50 MP photo (8160 x 6120) and the 63 MP of a
 * phone's largest panorama; 20000 px a side takes a panorama's length and refuses a thin strip that
 * would pass the count.
 */
export const PIXEL_LIMITS = { pixels: 64_000_000, side: 20_000 };

/** Throws unless `width` x `height` is a picture of at least one pixel within PIXEL_LIMITS. */
function checkSize(width: number, height: number): void {
  if (width < 1 || height < 1) throw new NotAPhoto("image of no pixels");
  if (width > PIXEL_LIMITS.side || height > PIXEL_LIMITS.side || width * height > PIXEL_LIMITS.pixels) {
    throw new TooManyPixels(`image of ${width} x ${height}`);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

/** The photo's type by its magic number, or null for anything else. */
export function photoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

/** The bytes of `parts` joined (a Web Push body's parts too: web-push.ts). */
export function joinBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/**
 * The kept `parts` (views of `bytes`, in order, none before `start`) moved together to `start` in
 * `bytes`, which is overwritten; the result is a view of it. Each part moves towards the start, never
 * past where the next one begins, so nothing is overwritten before it has moved.
 */
function compact(bytes: Uint8Array, parts: Uint8Array[], start = 0): Uint8Array {
  let offset = start;
  for (const part of parts) {
    const from = part.byteOffset - bytes.byteOffset;
    // A part already in place (a JPEG's one scan, most often) is not moved onto itself.
    if (from !== offset) bytes.copyWithin(offset, from, from + part.byteLength);
    offset += part.byteLength;
  }
  return bytes.subarray(start, offset);
}

/**
 * `bytes` without their metadata, as a new array; throws NotAPhoto when they are not a whole image of
 * their type, TooManyPixels when it is larger than PIXEL_LIMITS.
 */
export function stripMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array {
  return stripMetadataInPlace(bytes.slice(), type);
}

/**
 * `bytes` without their metadata, made in `bytes` themselves (overwritten: the result is a view of
 * them), so a photo costs no second copy; throws as stripMetadata does, before a byte is moved, so a
 * photo refused is left as it came.
 */
export function stripMetadataInPlace(bytes: Uint8Array, type: PhotoType): Uint8Array {
  if (type === "image/jpeg") return stripJpeg(bytes);
  if (type === "image/png") return stripPng(bytes);
  return stripWebp(bytes);
}

/**
 * The Orientation tag (TIFF 0x0112) of an EXIF segment's payload, or 1 (upright). Kept alone in a
 * new EXIF segment: a phone's original is stored sideways with this tag, and without it the firm
 * would see the fuse board on its side.
 */
function exifOrientation(payload: Uint8Array): number {
  if (ascii(payload, 0, 6) !== "Exif\0\0" || payload.length < 14) return 1;
  const tiff = payload.subarray(6);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = ascii(tiff, 0, 2) === "II";
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return 1;
  const count = view.getUint16(ifd, little);
  for (let entry = 0; entry < count && ifd + 2 + entry * 12 + 12 <= tiff.length; entry++) {
    const at = ifd + 2 + entry * 12;
    if (view.getUint16(at, little) === 0x0112) {
      const value = view.getUint16(at + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** An APP1 segment holding nothing but the Orientation tag (big-endian TIFF, one IFD entry). */
function orientationSegment(orientation: number): Uint8Array {
  // biome-ignore format: the segment's bytes, field by field
  const body = [
    0x45, 0x78, 0x69, 0x66, 0, 0, // "Exif\0\0"
    0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, // "MM", 42, IFD0 at 8
    0, 1, // one entry
    0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, // Orientation, SHORT, 1 value
    0, 0, 0, 0, // no next IFD
  ];
  const length = body.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

/** SOF0-SOF15, the frame headers (size and components), but for DHT (C4), JPG (C8) and DAC (CC). */
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * The segments besides the frame header a decoder reads: DHT (C4), DAC (CC), DQT (DB) and DRI (DD).
 * Every other segment is left out: comments, the extensions (JPGn) and hierarchical coding no viewer
 * shows, and room for anything.
 */
const DECODER_TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdd]);

/**
 * Where the entropy-coded data that starts at `at` ends: at the first marker, a 0xff followed by
 * anything but 0x00 (a stuffed 0xff), a restart marker (RST0-RST7, inside the data) or a fill 0xff.
 */
function scanDataEnd(bytes: Uint8Array, at: number): number {
  for (;;) {
    const ff = bytes.indexOf(0xff, at);
    if (ff < 0 || ff + 1 >= bytes.length) throw new NotAPhoto("JPEG ends inside a scan");
    const next = bytes[ff + 1];
    if (next !== 0x00 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return ff;
    at = ff + 1;
  }
}

/**
 * A JPEG of the segments a decoder reads, and of APP0 (JFIF), APP2 ICC_PROFILE (colours) and APP14
 * Adobe (how to decode CMYK) before the first scan: without APP1 (EXIF, XMP), the other APPn segments,
 * comments and anything unknown. A frame header must come before the first scan, each scan's data
 * runs to the next marker, and the image ends at EOI: what follows it is not copied.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  // Before the first scan (SOI, then the kept segments), and from it on.
  const head: Uint8Array[] = [bytes.subarray(0, 2)];
  const scans: Uint8Array[] = [];
  let framed = false;
  let orientation = 1;
  let at = 2;
  for (;;) {
    // Fill bytes (0xff) may stand before a marker.
    while (bytes[at] === 0xff && bytes[at + 1] === 0xff) at++;
    if (at + 2 > bytes.length || bytes[at] !== 0xff) throw new NotAPhoto("JPEG segment expected");
    const marker = bytes[at + 1];
    if (marker === 0xd9) {
      if (scans.length === 0) throw new NotAPhoto("JPEG ends before its first scan");
      scans.push(bytes.subarray(at, at + 2));
      break;
    }
    if (at + 4 > bytes.length) throw new NotAPhoto("JPEG segment runs past the end");
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) throw new NotAPhoto("JPEG segment runs past the end");
    const payload = bytes.subarray(at + 4, at + 2 + length);
    if (marker === 0xda) {
      if (!framed) throw new NotAPhoto("JPEG scan before a frame header");
      // The scan's header and its data, kept together.
      const end = scanDataEnd(bytes, at + 2 + length);
      scans.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    if (isFrameHeader(marker)) {
      // Precision, then the number of lines and of samples a line (ITU T.81 B.2.2).
      if (framed || payload.length < 6) throw new NotAPhoto("JPEG frame header repeated or short");
      checkSize((payload[3] << 8) | payload[4], (payload[1] << 8) | payload[2]);
      framed = true;
    }
    const first = scans.length === 0;
    const keep =
      isFrameHeader(marker) ||
      DECODER_TABLES.has(marker) ||
      (first &&
        (marker === 0xe0 ||
          (marker === 0xe2 && ascii(payload, 0, 12) === "ICC_PROFILE\0") ||
          (marker === 0xee && ascii(payload, 0, 5) === "Adobe")));
    if (marker === 0xe1 && first && orientation === 1) orientation = exifOrientation(payload);
    if (keep) (first ? head : scans).push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  if (orientation !== 1) head.splice(1, 0, orientationSegment(orientation));
  // The scans move together where the first one starts; the kept segments before it (a few kB) are
  // joined and written just before. They fit unless an EXIF segment shorter than the Orientation
  // segment made for it held the tag (no camera writes one): such a photo is copied whole.
  const scanStart = scans[0].byteOffset - bytes.byteOffset;
  const image = compact(bytes, scans, scanStart);
  const joined = joinBytes(head);
  if (joined.length > scanStart) return joinBytes([joined, image]);
  bytes.set(joined, scanStart - joined.length);
  return bytes.subarray(scanStart - joined.length, scanStart + image.length);
}

/**
 * The PNG chunks a viewer reads to show the picture in its colours: the critical ones, transparency,
 * the colour space (gamma, chromaticities, sRGB, ICC profile, cICP), significant bits and the pixels'
 * aspect. Every other chunk is left out: text, EXIF, time, private chunks and an animation's frames
 * (an animated PNG becomes the still picture of its IDAT, which a viewer without animation shows).
 */
const PNG_KEPT = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "cICP", "sBIT", "pHYs"]);

/** A PNG of IHDR (first), at least one IDAT and IEND, and the chunks of PNG_KEPT; with its CRCs. */
function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let pixels = false;
  for (let at = 8; ; ) {
    if (at + 12 > bytes.length) throw new NotAPhoto("PNG ends before IEND");
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) throw new NotAPhoto("PNG chunk runs past the end");
    if (at === 8) {
      if (type !== "IHDR" || length !== 13) throw new NotAPhoto("PNG without IHDR");
      checkSize(view.getUint32(at + 8), view.getUint32(at + 12));
    }
    if (type === "IDAT") pixels = true;
    if (PNG_KEPT.has(type)) parts.push(bytes.subarray(at, end));
    if (type === "IEND") {
      if (!pixels) throw new NotAPhoto("PNG without IDAT");
      return compact(bytes, parts);
    }
    at = end;
  }
}

/** The VP8X flags of EXIF (bit 3) and XMP (bit 2) metadata. */
const WEBP_METADATA_FLAGS = 0x08 | 0x04;
/** The VP8X flag of an animation (bit 1). */
const WEBP_ANIMATION_FLAG = 0x02;

/**
 * The WebP chunks of a still picture: the extended header, the colour profile, the alpha channel and
 * the bitstream. EXIF, XMP and unknown chunks are left out. Animations are refused, not cut to a
 * frame: a photo of an installation is a still, no phone saves one as an animated WebP, and a frame's
 * own chunks would need the same checks once more.
 */
const WEBP_KEPT = new Set(["VP8X", "ICCP", "ALPH", "VP8 ", "VP8L"]);

/** A 24-bit little-endian number. */
const uint24 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);

/**
 * The width and height in a bitstream chunk's header, or NotAPhoto when it holds no picture: a VP8 key
 * frame's tag and start code 9D 01 2A (RFC 6386 9.1), or the VP8L signature 0x2F with version 0.
 */
function bitstreamSize(type: string, data: Uint8Array): [number, number] {
  if (type === "VP8 ") {
    if (data.length < 10 || (data[0] & 1) !== 0 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) {
      throw new NotAPhoto("VP8 chunk without a key frame");
    }
    return [(data[6] | (data[7] << 8)) & 0x3fff, (data[8] | (data[9] << 8)) & 0x3fff];
  }
  const bits = data.length >= 5 ? (data[1] | (data[2] << 8) | (data[3] << 16) | (data[4] << 24)) >>> 0 : 0;
  if (data.length < 5 || data[0] !== 0x2f || bits >>> 29 !== 0) throw new NotAPhoto("VP8L chunk without its signature");
  return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
}

/**
 * A WebP of one VP8 or VP8L bitstream (after VP8X, if any) and the chunks of WEBP_KEPT, the metadata
 * flags cleared and the RIFF size made right; nothing after the RIFF's size is copied.
 */
function stripWebp(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length || riffEnd < 20) throw new NotAPhoto("WebP shorter than its RIFF size");
  const chunks: Uint8Array[] = [];
  let bitstreams = 0;
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) throw new NotAPhoto("WebP chunk header runs past the end");
    const type = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    // Chunks are padded to an even size.
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) throw new NotAPhoto("WebP chunk runs past the end");
    const data = bytes.subarray(at + 8, at + 8 + size);
    if (at === 12 && !["VP8X", "VP8 ", "VP8L"].includes(type)) throw new NotAPhoto("WebP without a header chunk");
    if (type === "ANIM" || type === "ANMF") throw new NotAPhoto("animated WebP");
    if (type === "VP8X") {
      if (at !== 12 || size < 10 || data[0] & WEBP_ANIMATION_FLAG) throw new NotAPhoto("WebP header misplaced or animated");
      // The canvas's width and height, less one each.
      checkSize(uint24(data, 4) + 1, uint24(data, 7) + 1);
    }
    if (type === "VP8 " || type === "VP8L") {
      bitstreams++;
      checkSize(...bitstreamSize(type, data));
    }
    if (WEBP_KEPT.has(type)) chunks.push(bytes.subarray(at, end));
    at = end;
  }
  if (bitstreams !== 1) throw new NotAPhoto("WebP without one image");
  // Checked whole before a byte is moved: a photo refused is left as it came.
  for (const chunk of chunks) if (ascii(chunk, 0, 4) === "VP8X") chunk[8] &= ~WEBP_METADATA_FLAGS;
  const out = compact(bytes, [bytes.subarray(0, 12), ...chunks]);
  view.setUint32(4, out.length - 8, true);
  return out;
}
