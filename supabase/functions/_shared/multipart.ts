// A multipart/form-data body (RFC 7578) read as it streams in, holding no more than its limits allow:
// the text fields (together at most `textBytes`), and at most `maxFiles` files of at most `fileBytes`
// each and `totalBytes` in all. Whatever passes a limit stops the reading there, so a body of any size
// costs at most the limits in memory (Request.formData() would hold all of it first).

export type MultipartLimits = { textBytes: number; maxFiles: number; fileBytes: number; totalBytes: number };

/** The most a body within `limits` can be: the parts, and their headers and delimiters. */
export const multipartBodyLimit = (limits: MultipartLimits) => limits.textBytes + limits.totalBytes + 64 * 1024;

/** One file part, as received: its field name, file name (as the browser sent it) and bytes. */
export type ReceivedFile = { field: string; filename: string; bytes: Uint8Array };

/** Why a body was refused; `filename` names the file that passed a limit. */
export class MultipartRefused extends Error {
  constructor(
    readonly reason: "tooManyPhotos" | "photoTooLarge" | "photosTooLarge" | "tooLarge" | "badRequest",
    readonly filename?: string,
  ) {
    super(reason);
  }
}

/** The boundary of a multipart/form-data Content-Type, or null when it has none usable. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

const encoder = new TextEncoder();
const CRLF_CRLF = encoder.encode("\r\n\r\n");
/** A part's headers are a few short lines; more than this is not a browser's form. */
const HEADER_LIMIT = 4 * 1024;
/**
 * The parts a body may have: a quote form sends about a dozen fields and at most five photos (and an
 * empty part for a file input left empty). Without a count, 280,000 tiny fields within the text limit
 * cost about a second of CPU, half of what the platform allows a request.
 */
export const MAX_PARTS = 32;

/** Where `needle` starts in `haystack` at or after `from`, or -1 (indexOf finds its first byte natively). */
function find(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  for (let at = haystack.indexOf(first, from); at !== -1 && at + needle.length <= haystack.length; at = haystack.indexOf(first, at + 1)) {
    let index = 1;
    while (index < needle.length && haystack[at + index] === needle[index]) index++;
    if (index === needle.length) return at;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** A Content-Disposition parameter (name, filename), unquoted; browsers escape `"` in it as %22. */
function parameter(disposition: string, key: string): string | null {
  const match = new RegExp(`;\\s*${key}="([^"]*)"`, "i").exec(disposition) ?? new RegExp(`;\\s*${key}=([^;\\s]*)`, "i").exec(disposition);
  return match ? match[1].replace(/%22/g, '"') : null;
}

/**
 * Reads the body from `reader` with `boundary` into text fields and files, within `limits`; `hold` is
 * told of each chunk before it is kept, and may throw to stop the reading (admission.ts). An empty file
 * part (a file input left empty sends one) is no file. Throws MultipartRefused for a limit or a body
 * that is not multipart; the caller cancels the reader then.
 */
export async function readMultipart(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
  hold: (bytes: number) => void = () => {},
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  // The first delimiter has no line break before it: one is put in front so every delimiter looks the same.
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let textBytes = 0;
  let fileBytes = 0;
  let parts = 0;
  let buffer: Uint8Array = encoder.encode("\r\n");
  type State = "preamble" | "afterDelimiter" | "headers" | "body" | "done";
  let state = "preamble" as State;
  let part: { field: string; filename: string | null; chunks: Uint8Array[]; size: number } | null = null;

  const decoder = new TextDecoder("utf-8", { fatal: true });
  // Part headers and the lines between parts, over what the parts themselves may hold.
  const rawLimit = multipartBodyLimit(limits);
  let rawBytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) {
      rawBytes += value.length;
      if (rawBytes > rawLimit) throw new MultipartRefused("photosTooLarge");
      hold(value.length);
      buffer = concat(buffer, value);
    }
    advance(done);
    if (state === "done") return { fields, files };
    if (done) throw new MultipartRefused("badRequest");
  }

  /** Moves through what the buffer holds; at the end of the body (`ended`) nothing more will come. */
  function advance(ended: boolean) {
    for (;;) {
      if (state === "preamble" || state === "body") {
        const at = find(buffer, delimiter);
        const usable = at === -1 ? Math.max(0, buffer.length - delimiter.length) : at;
        if (state === "body") take(buffer.subarray(0, usable));
        if (at === -1) {
          buffer = buffer.slice(usable);
          if (state === "preamble" && buffer.length > HEADER_LIMIT) throw new MultipartRefused("badRequest");
          return;
        }
        if (state === "body") finishPart();
        buffer = buffer.subarray(at + delimiter.length);
        state = "afterDelimiter";
      } else if (state === "afterDelimiter") {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          return;
        }
        if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new MultipartRefused("badRequest");
        buffer = buffer.subarray(2);
        state = "headers";
      } else if (state === "headers") {
        const end = find(buffer, CRLF_CRLF);
        if (end === -1) {
          if (buffer.length > HEADER_LIMIT || ended) throw new MultipartRefused("badRequest");
          return;
        }
        startPart(decoder.decode(buffer.subarray(0, end)));
        buffer = buffer.subarray(end + 4);
        state = "body";
      } else return;
    }
  }

  function startPart(headers: string) {
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
    const field = parameter(disposition, "name");
    if (!/^\s*form-data/i.test(disposition) || field === null) throw new MultipartRefused("badRequest");
    if (++parts > MAX_PARTS) throw new MultipartRefused("tooLarge");
    part = { field, filename: parameter(disposition, "filename"), chunks: [], size: 0 };
  }

  function take(bytes: Uint8Array) {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.filename === null) {
      textBytes += bytes.length;
      if (textBytes > limits.textBytes) throw new MultipartRefused("tooLarge");
    } else {
      // A sixth photo is refused on its first byte, not after it has arrived.
      if (part.size === bytes.length && files.length >= limits.maxFiles) throw new MultipartRefused("tooManyPhotos");
      fileBytes += bytes.length;
      if (part.size > limits.fileBytes) throw new MultipartRefused("photoTooLarge", part.filename);
      if (fileBytes > limits.totalBytes) throw new MultipartRefused("photosTooLarge", part.filename);
    }
    // A view, not a copy: the buffer under it is this reader's own (the stream's chunk, or the join of
    // a chunk with the few bytes left before it), and what follows the view is copied out of it.
    part.chunks.push(bytes);
  }

  function finishPart() {
    if (!part) return;
    const bytes = new Uint8Array(part.size);
    let offset = 0;
    for (const chunk of part.chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    if (part.filename === null) fields[part.field] = decoder.decode(bytes);
    else if (part.size > 0) files.push({ field: part.field, filename: part.filename, bytes });
    part = null;
  }
}
