// A free time of the bookings, and the few nearest a wanted one: what the function answers a visitor who
// lost a time (send-contact-email/bookings.ts) and what the booking page offers then (widgets/booking/).
// A module of its own, so the page's code carries these lines and not the rest of booking-slots.ts.

/** A free time: its start and end as ISO date-times (UTC). */
export type Slot = { start: string; end: string };

/** The `count` free times nearest a wanted one, in time order. */
export function nearestSlots(slots: readonly Slot[], wanted: Date, count = 3): Slot[] {
  const distance = (slot: Slot) => Math.abs(Date.parse(slot.start) - wanted.getTime());
  return [...slots]
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, count)
    .sort((a, b) => a.start.localeCompare(b.start));
}
