// The HTTP side of the functions that is not about quotes: reading a bounded body, the content type,
// JSON and redirect answers, and the client address behind the platform's gateway.

/** Requests larger than this are refused: five short fields fit many times over. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Thrown by readBody when the body passes BODY_LIMIT_BYTES. */
export class BodyTooLarge extends Error {}

/** Thrown by readBody when the body has not arrived whole within its deadline. */
export class BodyTimeout extends Error {}

/**
 * The body as text, refusing more than BODY_LIMIT_BYTES whatever Content-Length claims, and giving up
 * on a body that has not arrived whole within `deadlineMs` (a client that stalls half-way).
 */
export async function readBody(request: Request, deadlineMs = 5_000): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > BODY_LIMIT_BYTES) throw new BodyTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  return await withinBodyDeadline(readAll(), deadlineMs, () => reader.cancel());

  async function readAll(): Promise<string> {
    const bytes = await readAtMost(reader, BODY_LIMIT_BYTES);
    if (bytes === null) throw new BodyTooLarge();
    // Bytes that are not UTF-8 are refused (a TypeError, answered 400), never stored as "K\ufffdge".
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }
}

/**
 * Every byte `reader` gives, joined, or null once they pass `limit` (the rest is then cancelled, so a
 * stream that never ends costs no more than the limit).
 */
export async function readAtMost(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * `reading` (of a request's body), or BodyTimeout when it has not settled within `deadlineMs`; then
 * `cancel()` stops the body, so a client that stalls half-way holds nothing.
 */
export async function withinBodyDeadline<T>(reading: Promise<T>, deadlineMs: number, cancel: () => Promise<void>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyTimeout()), deadlineMs);
  });
  reading.catch(() => {});
  try {
    return await Promise.race([reading, timeout]);
  } catch (error) {
    if (error instanceof BodyTimeout) await cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A urlencoded form body as an object: like URLSearchParams, but a percent-escape that is not UTF-8
 * (a form posted as Latin-1: "K%F8ge") throws instead of becoming "K\ufffdge".
 */
export function parseForm(raw: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of raw.split("&")) {
    if (pair === "") continue;
    const [name, value = ""] = pair.split(/=(.*)/s, 2);
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
    fields[decode(name)] = decode(value);
  }
  return fields;
}

/** The media type of the request, lower case, without parameters. */
export const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();

/** A JSON answer. */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });

/** A 303 to `location` (a plain HTML form is sent back to a page, never shown JSON). */
export const redirectResponse = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { ...headers, Location: location } });

/**
 * The client's address: each trusted proxy appends the address it saw to X-Forwarded-For, so with
 * `hops` trusted proxies the client is the entry `hops` places from the right. Entries further left
 * came from the client itself and could be anything.
 */
export function clientAddress(request: Request, hops = 1): string {
  const entries = (request.headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  return entries.length >= hops ? entries[entries.length - hops] || "unknown" : "unknown";
}

/**
 * The shape of X-Forwarded-For without any address in it ("ipv4, ipv6"), which the function logs once
 * per instance so an operator can confirm TRUSTED_PROXY_HOPS from production logs.
 */
export const forwardedShape = (request: Request) =>
  (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .filter((entry) => entry.trim() !== "")
    .map((entry) => (entry.includes(":") ? "ipv6" : "ipv4"))
    .join(", ") || "(none)";

/**
 * What the per-client rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 prefix,
 * the block one subscriber usually holds (counting each address would give every home 2^64 tries).
 */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const [head, tail = ""] = address.toLowerCase().split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** SHA-256 of `data` (a text as UTF-8, or bytes) as hex. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    typeof data === "string" ? new TextEncoder().encode(data) : (data as Uint8Array<ArrayBuffer>),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
