// A random UUID (v4) in any page. crypto.randomUUID() exists only in secure contexts, and a partner's
// page may be plain http (a registered origin can be), where the embed must still send;
// crypto.getRandomValues() exists in every context, so it is the one way ids are made.

/** A version 4 UUID from crypto.getRandomValues. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  return Array.from(
    bytes,
    (byte, index) => (index > 3 && index < 11 && index % 2 === 0 ? "-" : "") + byte.toString(16).padStart(2, "0"),
  ).join("");
}
