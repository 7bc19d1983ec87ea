// The customer's link to cancel or move their booking: the booking's id and a token made from it with the
// functions' IP_HASH_SALT (HMAC-SHA256, labelled for this use), so it is good for that booking only, and
// nothing secret is stored: the function makes it again to check a link. It is valid while the visit is
// to come (change_booking changes only those). The link's token goes after '#' on the site's page, so
// no server or referrer sees it; the page sends it to the function with the change.
import { sameSecret } from "./secrets.ts";

/** The token of booking `id` (hex, 32 characters). */
export async function bookingToken(id: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(salt), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`booking-link:${id}`));
  return [...new Uint8Array(mac).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `token` is booking `id`'s, compared in constant time. */
export async function isBookingToken(id: string, token: string, salt: string): Promise<boolean> {
  return await sameSecret(token, await bookingToken(id, salt));
}

/** The page where the customer cancels or moves the booking. */
export const manageUrl = (siteUrl: string, id: string, token: string) => `${siteUrl}/besigtigelse#aendr=${id}.${token}`;
