// What a photo is, told by its bytes (never its name or declared type), and the same photo without the
// metadata a camera writes into it (the GPS position, the camera, the time), by byte surgery: segments
// and chunks are moved together or left out, in the photo's own bytes, nothing is decoded, so the cost
// is one pass over the bytes and no second copy of them.
// Formats: JPEG (ITU T.81 B.1), PNG (RFC 2083 / PNG 3rd ed. 5.3, 11.3), WebP (RFC 9649 "RIFF container").

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

/** Thrown when a photo's bytes are not a whole image of a type it claims by its first bytes. */
export class NotAPhoto extends Error {}

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

/** The bytes of `parts` joined. */
function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/**
 * The kept `parts` (views of `bytes`, in order) moved together to the start of `bytes`, which is
 * overwritten; the result is a view of it. Each part moves towards the start, never past where the next
 * one begins, so nothing is overwritten before it has moved.
 */
function compact(bytes: Uint8Array, parts: Uint8Array[]): Uint8Array {
  let offset = 0;
  for (const part of parts) {
    bytes.copyWithin(offset, part.byteOffset - bytes.byteOffset, part.byteOffset - bytes.byteOffset + part.byteLength);
    offset += part.byteLength;
  }
  return bytes.subarray(0, offset);
}

/** `bytes` without their metadata, as a new array; throws NotAPhoto when they are not a whole image of their type. */
export function stripMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array {
  return stripMetadataInPlace(bytes.slice(), type);
}

/**
 * `bytes` without their metadata, made in `bytes` themselves (overwritten: the result is a view of
 * them), so a photo costs no second copy; throws NotAPhoto when they are not a whole image of their type.
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

/**
 * A JPEG without APP1 (EXIF, XMP), the other APPn segments and comments, up to the first scan; kept:
 * APP0 (JFIF), APP2 ICC_PROFILE (colours) and APP14 Adobe (how to decode CMYK), and every segment a
 * decoder reads. From the first scan on the data is copied as it is.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation = 1;
  let at = 2;
  for (;;) {
    // Fill bytes (0xff) may stand before a marker.
    while (bytes[at] === 0xff && bytes[at + 1] === 0xff) at++;
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new NotAPhoto("JPEG segment expected");
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) throw new NotAPhoto("JPEG segment runs past the end");
    const segment = bytes.subarray(at, at + 2 + length);
    if (marker === 0xda) {
      if (orientation !== 1) parts.splice(1, 0, orientationSegment(orientation));
      // The kept segments (a few kB) are joined and written just before the scan, which stays where it
      // is. They fit unless an EXIF segment shorter than the Orientation segment made for it held the
      // tag (no camera writes one): such a photo is copied whole.
      const head = join(parts);
      if (head.length > at) return join([head, bytes.subarray(at)]);
      bytes.set(head, at - head.length);
      return bytes.subarray(at - head.length);
    }
    const payload = segment.subarray(4);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keep =
      !isApp && marker !== 0xfe
        ? true
        : marker === 0xe0 ||
          (marker === 0xe2 && ascii(payload, 0, 12) === "ICC_PROFILE\0") ||
          (marker === 0xee && ascii(payload, 0, 5) === "Adobe");
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(payload);
    if (keep) parts.push(segment);
    at += 2 + length;
  }
}

/** PNG chunks that carry text, the camera's EXIF or the time of the last change: never copied. */
const PNG_METADATA = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

/** A PNG without its text, EXIF and time chunks; every other chunk (with its CRC) copied as it is. */
function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  for (let at = 8; ; ) {
    if (at + 12 > bytes.length) throw new NotAPhoto("PNG ends before IEND");
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) throw new NotAPhoto("PNG chunk runs past the end");
    if (at === 8 && type !== "IHDR") throw new NotAPhoto("PNG without IHDR");
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    if (type === "IEND") return compact(bytes, parts);
    at = end;
  }
}

/** The VP8X flags of EXIF (bit 3) and XMP (bit 2) metadata. */
const WEBP_METADATA_FLAGS = 0x08 | 0x04;

/** A WebP without its EXIF and XMP chunks, their flags cleared and the RIFF size made right. */
function stripWebp(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length || riffEnd < 20) throw new NotAPhoto("WebP shorter than its RIFF size");
  const chunks: Uint8Array[] = [];
  let image = false;
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) throw new NotAPhoto("WebP chunk header runs past the end");
    const type = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    // Chunks are padded to an even size.
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) throw new NotAPhoto("WebP chunk runs past the end");
    if (type === "VP8 " || type === "VP8L" || type === "ANIM") image = true;
    if (type !== "EXIF" && type !== "XMP ") chunks.push(bytes.subarray(at, end));
    at = end;
  }
  if (!image) throw new NotAPhoto("WebP without image data");
  // Checked whole before a byte is moved: a photo refused is left as it came.
  for (const chunk of chunks) if (ascii(chunk, 0, 4) === "VP8X") chunk[8] &= ~WEBP_METADATA_FLAGS;
  const out = compact(bytes, [bytes.subarray(0, 12), ...chunks]);
  view.setUint32(4, out.length - 8, true);
  return out;
}
