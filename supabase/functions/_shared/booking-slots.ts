// The free times of the firm's free inspections (/besigtigelse), from the settings the site publishes
// (business.yaml `inspections`, its closed days, the towns' coordinates: site/_lib/site-facts.js) and the
// visits already booked. Copenhagen's calendar and clock, summer time included: a time of day is turned
// into a moment by the offset Copenhagen has on that day, so 08:00 is 08:00 on both sides of a change.
//
// The drive: each visit holds the drive between its town and the base on either side (its buffer), as
// the database stores it (public.bookings, `visit`). Two visits whose ranges do not overlap are at least
// the drive from one to the base and from the base to the other apart, which is never less than the drive
// between them (the triangle inequality): the same rule the database's exclusion constraint holds, so a
// time shown free is one the database will take unless someone books it first.
import { addDays, copenhagenDay, copenhagenParts } from "./copenhagen-time.js";
import type { Slot } from "./nearest-slots.ts";
import { areaNamed } from "./receipt-text.ts";

/** The settings of business.yaml `inspections`, as the site publishes them. */
export type Inspections = {
  days: string[];
  opens: string;
  closes: string;
  durationMinutes: number;
  perDay: number;
  noticeDays: number;
  bufferMinutes: number;
  kmPerHour: number;
  reminderSms: boolean;
};

export type Point = { latitude: number; longitude: number };
export type Town = Point & { name: string; postalCode: string };

/** What the free times are computed from: the settings, the closed days, the base and the towns. */
export type BookingFacts = { inspections: Inspections; closedDays: string[]; base: Point; areas: Town[] };

/** A booked visit as the free times see it: the range it takes (the drive included) and its Copenhagen day. */
export type Taken = { from: Date; to: Date; day: string };

export type { Slot } from "./nearest-slots.ts";
export { nearestSlots } from "./nearest-slots.ts";

/** How many days ahead the page offers times. */
export const BOOKING_DAYS = 14;
/** Roads are longer than the straight line between two towns' coordinates: about this much on Zealand. */
export const ROAD_FACTOR = 1.3;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MINUTE = 60_000;

/** The distance between two points along the earth's surface, in km (the haversine formula). */
export function haversineKm(a: Point, b: Point): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The town of a typed address or town: one of the firm's areas by its name or its postcode
 * (receipt-text.ts, areaNamed), else the area whose postcode is nearest a postcode the text holds (Danish
 * postcodes run by region); null when the text names neither.
 */
export function townOf(location: string, areas: readonly Town[]): Town | null {
  const named = areaNamed(
    location,
    areas.map((area) => ({ ...area, home: false })),
  );
  if (named) return areas.find((area) => area.name === named.name) ?? null;
  const code = location.match(/\b\d{4}\b/)?.[0];
  if (!code) return null;
  return areas.reduce<Town | null>(
    (best, area) => (!best || Math.abs(+area.postalCode - +code) < Math.abs(+best.postalCode - +code) ? area : best),
    null,
  );
}

/** The drive from the base to a point, in whole minutes, by the settings' average speed. */
const driveMinutes = (facts: BookingFacts, point: Point) =>
  Math.ceil(((haversineKm(facts.base, point) * ROAD_FACTOR) / facts.inspections.kmPerHour) * 60);

/**
 * The time a visit holds on either side: the settings' margin and the drive from the base. A town not
 * known (null) gets the farthest known town's, so a time shown before the visitor says where is one any
 * town can have.
 */
export function bufferMinutes(facts: BookingFacts, town: Point | null): number {
  const drive = town ? driveMinutes(facts, town) : Math.max(0, ...facts.areas.map((area) => driveMinutes(facts, area)));
  return facts.inspections.bufferMinutes + drive;
}

/** Copenhagen's offset from UTC at a moment, in minutes (60 in winter, 120 in summer). */
function copenhagenOffset(moment: number): number {
  const part = copenhagenParts(new Date(moment));
  return (Date.UTC(+part.year, +part.month - 1, +part.day, +part.hour, +part.minute) - Math.floor(moment / MINUTE) * MINUTE) / MINUTE;
}

/** The moment a Copenhagen calendar day ('YYYY-MM-DD') shows a time of day ('08:00'). */
export function copenhagenMoment(day: string, time: string): Date {
  const local = Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10), +time.slice(0, 2), +time.slice(3, 5));
  // The offset at the local time read as UTC, then at the moment that gives: right on either side of a change.
  const first = local - copenhagenOffset(local) * MINUTE;
  return new Date(local - copenhagenOffset(first) * MINUTE);
}

/** The visit starting at `start`, and the range it holds with `buffer` minutes on either side. */
export function visitAt(start: Date, facts: BookingFacts, buffer: number) {
  const end = new Date(start.getTime() + facts.inspections.durationMinutes * MINUTE);
  return { start, end, from: new Date(start.getTime() - buffer * MINUTE), to: new Date(end.getTime() + buffer * MINUTE) };
}

/**
 * The free times of the next `days` days from `now`: on the settings' weekdays that are not closed days
 * and at least `noticeDays` ahead, every `durationMinutes` from `opens` until a visit would end after
 * `closes`; none on a day that has its `perDay` visits; none whose range (with `buffer` minutes on either
 * side) meets a visit booked.
 */
export function freeSlots({
  facts,
  taken,
  now,
  buffer,
  days = BOOKING_DAYS,
}: {
  facts: BookingFacts;
  taken: readonly Taken[];
  now: Date;
  buffer: number;
  days?: number;
}): Slot[] {
  const { inspections } = facts;
  const today = copenhagenDay(now);
  const slots: Slot[] = [];
  for (let ahead = inspections.noticeDays; ahead < days; ahead++) {
    const day = addDays(today, ahead);
    if (!inspections.days.includes(WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()])) continue;
    if (facts.closedDays.includes(day)) continue;
    if (taken.filter((visit) => visit.day === day).length >= inspections.perDay) continue;
    const closes = copenhagenMoment(day, inspections.closes);
    for (let start = copenhagenMoment(day, inspections.opens); ; start = new Date(start.getTime() + inspections.durationMinutes * MINUTE)) {
      const visit = visitAt(start, facts, buffer);
      if (visit.end > closes) break;
      if (visit.start <= now) continue;
      if (taken.some((other) => visit.from < other.to && other.from < visit.to)) continue;
      slots.push({ start: visit.start.toISOString(), end: visit.end.toISOString() });
    }
  }
  return slots;
}
