// The photos of a quote request: the limits, and each received file checked by its bytes and stripped
// of its metadata before it is stored (photo-bytes.ts). docs/quote-photos.md tells the whole path.
import type { MultipartLimits, ReceivedFile } from "./multipart.ts";
import { NotAPhoto, type PhotoType, photoType, stripMetadataInPlace, TooManyPixels } from "./photo-bytes.ts";
import { INVISIBLE } from "./quote-checks.ts";
import rules from "./quote-rules.json" with { type: "json" };

const MB = 1024 * 1024;

/**
 * How many photos one request may carry (quote-rules.json, which the form reads too), and how large each
 * and all may be as received (the answers' messages name these figures; a test holds them together).
 */
export const PHOTO_LIMITS = { maxFiles: rules.photos.maxFiles, fileBytes: 8 * MB, totalBytes: 15 * MB };

/** The limits of a multipart body: the photos', and the text fields' within `textBytes` (the JSON body's limit). */
export const multipartLimits = (textBytes: number): MultipartLimits => ({ textBytes, ...PHOTO_LIMITS });

/** A photo as stored and attached: a safe file name with the extension of its real type. */
export type Photo = { filename: string; contentType: PhotoType; bytes: Uint8Array };

/**
 * Thrown for a file that is not a JPEG, PNG or WebP image (`photoType`), or is one with more pixels
 * than a viewer should open (`photoPixels`); names it as the visitor chose it. The reason is the key of
 * its answer in answer-messages.json.
 */
export class NotAnImage extends Error {
  constructor(
    readonly filename: string,
    readonly reason: "photoType" | "photoPixels" = "photoType",
  ) {
    super("not an image");
  }
}

const EXTENSIONS: Record<PhotoType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** Control characters, and characters that mean something in a header, to be removed from a name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed on purpose
const CONTROL_OR_HEADER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"<>]/g;
/** Every invisible and format character (the text fields refuse them), to be removed from a name. */
const EVERY_INVISIBLE = new RegExp(INVISIBLE.source, "gu");

/**
 * The name a file is shown by: without a path (old browsers send one), control characters,
 * characters that mean something in a header, and invisible ones (a bidi override shows
 * "Faktura_\u202efdp.jpg" as "Faktura_gpj.pdf"), at most 100 characters, never empty.
 */
export function displayName(filename: string, position: number): string {
  const base = (filename.split(/[\\/]/).pop() ?? "").replace(CONTROL_OR_HEADER, "").replace(EVERY_INVISIBLE, "").trim();
  return base.slice(0, 100) || `billede-${position}`;
}

/** The received files as photos, in order; throws NotAnImage for the first that is not one. */
export function checkPhotos(files: ReceivedFile[]): Photo[] {
  return files.map((file, index) => {
    const name = displayName(file.filename, index + 1);
    const type = photoType(file.bytes);
    if (!type) throw new NotAnImage(name);
    try {
      // The received bytes are this request's alone: stripped where they are, with no second copy.
      const bytes = stripMetadataInPlace(file.bytes, type);
      const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, "") || `billede-${index + 1}`;
      return { filename: `${stem}.${EXTENSIONS[type]}`, contentType: type, bytes };
    } catch (error) {
      if (error instanceof NotAPhoto) throw new NotAnImage(name, error instanceof TooManyPixels ? "photoPixels" : "photoType");
      throw error;
    }
  });
}
