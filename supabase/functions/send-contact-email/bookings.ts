// The booking of free inspections (README "Booking a free inspection"): the free times (GET ?slots), the
// check of a booking's time before it is stored with its request (planVisit, called by storeRequest),
// the answers when it was taken meanwhile or the visitor has too many, the customer's link to cancel or
// move (GET and POST ?booking=<id>.<token>), and the firm's private calendar feed (GET ?feed=<token>).
// The free times are computed from the site's published facts (booking-slots.ts); the database decides
// between two visitors who want one time at once (the exclusion constraint of public.bookings).
import bookingRules from "../_shared/booking-rules.json" with { type: "json" };
import type { Booking } from "../_shared/booking-mail.ts";
import { feedCalendar } from "../_shared/booking-mail.ts";
import {
  type BookingFacts,
  bufferMinutes,
  freeSlots,
  nearestSlots,
  type Slot,
  type Town,
  townOf,
  visitAt,
} from "../_shared/booking-slots.ts";
import { isBookingToken } from "../_shared/booking-token.ts";
import { bookingStart } from "../_shared/quote-request.ts";
import { corsHeaders } from "../_shared/cors.ts";
import { jsonResponse, sha256Hex } from "../_shared/http.ts";
import { type Facts, PHONE_UNKNOWN } from "../_shared/site-facts.ts";
import type { NewVisit } from "../_shared/store.ts";
import type { Exchange } from "./handler.ts";

/** The most active visits to come one client, one phone number or one mailbox may have booked (README). */
export const ACTIVE_BOOKINGS_LIMIT = 3;

type RuleKey = Exclude<keyof typeof bookingRules, "start">;

/** What booking-slots.ts needs of the site's facts, or null when the copy has no settings (a build before bookings). */
export function bookingFactsOf(facts: Facts | null): BookingFacts | null {
  if (!facts?.inspections || !facts.base || !facts.closedDays) return null;
  const areas = facts.areas.flatMap(({ name, postalCode, latitude, longitude }): Town[] =>
    latitude === undefined || longitude === undefined ? [] : [{ name, postalCode, latitude, longitude }],
  );
  return { inspections: facts.inspections, closedDays: facts.closedDays, base: facts.base, areas };
}

/** A JSON answer the page can read (CORS). */
const json = ({ request }: Exchange, status: number, body: unknown, headers: Record<string, string> = {}) =>
  jsonResponse(status, body, { ...corsHeaders(request.headers.get("origin")), ...headers });

/** A refusal in Danish with the firm's phone number, and what else the page needs (the nearest free times). */
function refuse(exchange: Exchange, status: number, key: RuleKey, extra: Record<string, unknown> = {}): Response {
  exchange.instance.log({ event: "booking_refused", requestId: exchange.requestId, status, reason: key });
  const phone = exchange.instance.facts?.phone ?? PHONE_UNKNOWN;
  return json(exchange, status, { error: bookingRules[key].replace("{phone}", phone), code: key, requestId: exchange.requestId, ...extra });
}

/** The free times for a visit to `town` (null: any town), leaving out booking `except` (its own move). */
async function slotsFor(exchange: Exchange, facts: BookingFacts, town: Town | null, except: string | null = null): Promise<Slot[]> {
  const taken = await exchange.instance.store.takenVisits(except);
  return freeSlots({ facts, taken, now: new Date(), buffer: bufferMinutes(facts, town) });
}

/** The answer to a time taken meanwhile: 409, in Danish, with the nearest of the `free` times. */
const slotTaken = (exchange: Exchange, free: Slot[], wanted: Date) =>
  refuse(exchange, 409, "slotTaken", { slots: nearestSlots(free, wanted) });

/**
 * A booking's visit, once its time is one of the free times for its town now; otherwise the answer (409
 * with the nearest free times; 503 when the site's facts offer no bookings).
 */
export async function planVisit(exchange: Exchange, location: string, start: Date): Promise<Response | NewVisit> {
  const facts = bookingFactsOf(exchange.instance.facts);
  if (!facts) return refuse(exchange, 503, "notOffered");
  const town = townOf(location, facts.areas);
  const free = await slotsFor(exchange, facts, town);
  if (!free.some((slot) => Date.parse(slot.start) === start.getTime())) return slotTaken(exchange, free, start);
  const buffer = bufferMinutes(facts, town);
  const visit = visitAt(start, facts, buffer);
  return {
    startsAt: visit.start,
    endsAt: visit.end,
    bufferMinutes: buffer,
    perDay: facts.inspections.perDay,
    activeLimit: ACTIVE_BOOKINGS_LIMIT,
  };
}

/** The answer to a booking the database did not store: its time was taken, or the visitor has too many. */
export async function refusedBooking(exchange: Exchange, kind: "slotTaken" | "bookingLimited", location: string, start: Date) {
  const facts = bookingFactsOf(exchange.instance.facts);
  if (kind === "bookingLimited" || !facts) return refuse(exchange, 429, "bookingLimited");
  return slotTaken(exchange, await slotsFor(exchange, facts, townOf(location, facts.areas)), start);
}

/** The booking a customer's link names (`<id>.<token>`), when the token is that booking's. */
async function linkedBooking(exchange: Exchange, link: string): Promise<Booking | null> {
  const [id, token] = link.split(".");
  if (!/^[0-9a-f-]{36}$/.test(id ?? "") || !token) return null;
  if (!(await isBookingToken(id, token, exchange.instance.config.ipHashSalt))) return null;
  return (await exchange.instance.store.booking(id)) as Booking | null;
}

/** What the customer's page shows of a booking: its time and whether it is still on; the free times to move to. */
async function bookingView(exchange: Exchange, booking: Booking, facts: BookingFacts | null) {
  const { visit } = booking;
  const upcoming = visit.active && Date.parse(visit.end) > Date.now();
  const slots = upcoming && facts ? await slotsFor(exchange, facts, townOf(booking.location, facts.areas), booking.id) : [];
  return { start: visit.start, end: visit.end, active: upcoming, cancelled: !visit.active, slots };
}

/** The GET routes of bookings (free times, the customer's booking, the feed); null when the request is none of them. */
export async function bookingGet(exchange: Exchange, query: URLSearchParams): Promise<Response | null> {
  if (query.has("slots")) {
    const facts = bookingFactsOf(exchange.instance.facts);
    if (!facts) return refuse(exchange, 503, "notOffered");
    const place = query.get("place");
    const slots = await slotsFor(exchange, facts, place ? townOf(place, facts.areas) : null);
    // The times change as visitors book: a cache may keep them for a short while only.
    return json(exchange, 200, { slots, durationMinutes: facts.inspections.durationMinutes }, { "Cache-Control": "max-age=30" });
  }
  if (query.has("booking")) {
    const booking = await linkedBooking(exchange, query.get("booking") ?? "");
    if (!booking) return refuse(exchange, 404, "badLink");
    return json(exchange, 200, await bookingView(exchange, booking, bookingFactsOf(exchange.instance.facts)), {
      "Cache-Control": "no-store",
    });
  }
  if (query.has("feed")) {
    const visits = await exchange.instance.store.feed(await sha256Hex(query.get("feed") ?? ""));
    exchange.instance.log({ event: "calendar_feed", requestId: exchange.requestId, status: visits ? 200 : 404 });
    if (!visits) return new Response("Ukendt kalender: bed om en ny adresse (npm run bookings -- feed).\n", { status: 404 });
    const brand = exchange.instance.facts?.brand ?? "Besigtigelser";
    return new Response(feedCalendar(visits as Booking[], brand, exchange.instance.config.mailTo[0]), {
      headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return null;
}

/**
 * The customer's change through their link: POST ?booking=<id>.<token> with `{"action": "cancel"}` or
 * `{"action": "move", "start": "<a free time>"}`. The answer is the booking as it is now.
 */
export async function bookingChange(exchange: Exchange, link: string): Promise<Response> {
  const booking = await linkedBooking(exchange, link);
  if (!booking) return refuse(exchange, 404, "badLink");
  let body: { action?: unknown; start?: unknown };
  try {
    body = JSON.parse(await exchange.request.text());
  } catch {
    body = {};
  }
  const facts = bookingFactsOf(exchange.instance.facts);
  let start: Date | null = null;
  if (body.action === "move") {
    start = bookingStart(body.start); // as a booking's own time is read: junk is no time at all
    if (!facts) return refuse(exchange, 503, "notOffered");
    const town = townOf(booking.location, facts.areas);
    const free = await slotsFor(exchange, facts, town, booking.id);
    if (!start || !free.some((slot) => Date.parse(slot.start) === start?.getTime())) return slotTaken(exchange, free, start ?? new Date());
  } else if (body.action !== "cancel") {
    return json(exchange, 400, { error: "Ukendt ændring.", requestId: exchange.requestId });
  }
  try {
    const visit = await exchange.instance.store.changeBooking(booking.id, start, "customer");
    if (!visit) return refuse(exchange, 410, "gone");
    exchange.instance.log({ event: start ? "booking_moved" : "booking_cancelled", requestId: booking.id, by: "customer" });
    exchange.instance.inBackground(exchange.instance.outbox.sendFor(booking.id));
    return json(exchange, 200, await bookingView(exchange, { ...booking, visit }, facts));
  } catch (error) {
    // Another visit took the time between the check and the change (exclusion_violation).
    if ((error as { code?: string })?.code === "23P01" && facts && start)
      return slotTaken(exchange, await slotsFor(exchange, facts, townOf(booking.location, facts.areas), booking.id), start);
    throw error;
  }
}
