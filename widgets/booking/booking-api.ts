// The booking page's calls to the function (supabase/functions/send-contact-email/README.md, "Booking a
// free inspection"): the free times, a customer's booking by the link of their confirmation, and its
// cancel or move. The booking itself is sent through the quote form's sending code (use-quote-submit.ts).
import type { Slot } from "../../supabase/functions/_shared/nearest-slots.ts";
import type { SiteFacts } from "../shared/site-facts.ts";

export type { Slot };

/** A customer's booking as the function shows it: its time, whether it is still on, the times it may move to. */
export type BookedVisit = { start: string; end: string; active: boolean; cancelled: boolean; slots: Slot[] };

/** An answer the function gave, or none: `error` is its Danish text. */
export type Answer<T> = { ok: true; data: T } | { ok: false; status?: number; error?: string };

/**
 * Calls the function as its client does: the anon key in both headers, and run in the database's region
 * (forceFunctionRegion, as the forms' targets: shared/site-facts.ts), which the privacy page names.
 */
async function call<T>(backend: SiteFacts["backend"], query: string, init: RequestInit = {}): Promise<Answer<T>> {
  try {
    const response = await fetch(`${backend.url}/functions/v1/${backend.functionName}?forceFunctionRegion=${backend.region}&${query}`, {
      ...init,
      headers: { Authorization: `Bearer ${backend.anonKey}`, apikey: backend.anonKey, ...init.headers },
    });
    const body = await response.json().catch(() => ({}));
    return response.ok ? { ok: true, data: body as T } : { ok: false, status: response.status, error: body.error };
  } catch {
    return { ok: false };
  }
}

/** The free times of the next 14 days. */
export const fetchSlots = (backend: SiteFacts["backend"]) => call<{ slots: Slot[] }>(backend, "slots");

/** The booking a confirmation's link names (`<id>.<token>`). */
export const fetchBooking = (backend: SiteFacts["backend"], link: string) =>
  call<BookedVisit>(backend, `booking=${encodeURIComponent(link)}`);

/** Cancels the linked booking, or moves it to `start`. */
export const changeBooking = (backend: SiteFacts["backend"], link: string, start: string | null) =>
  call<BookedVisit>(backend, `booking=${encodeURIComponent(link)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(start ? { action: "move", start } : { action: "cancel" }),
  });

/** The link of a confirmation, from the page's address (`#aendr=<id>.<token>`), or null. */
export const linkInAddress = (hash: string) => /^#aendr=([0-9a-f-]{36}\.[0-9a-f]{32})$/.exec(hash)?.[1] ?? null;
