// The iCalendar of booked visits, read back by the tests' strict reader (tests/support/icalendar.js):
// lines of at most 75 octets with CRLF, folded inside no character, text escaped, one UID per booking and
// its SEQUENCE, and what iTIP asks of an invitation and a cancellation. The reader refuses the faults too.
import { describe, expect, it } from "vitest";
import { calendar, eventUid } from "../../supabase/functions/_shared/icalendar.ts";
import { parseICalendar } from "../support/icalendar.js";

const event = {
  id: "6f1c1a52-7b8e-4a57-9a55-1d4f5a8e0c11",
  sequence: 2,
  start: new Date("2027-03-28T06:00:00Z"),
  end: new Date("2027-03-28T07:00:00Z"),
  cancelled: false,
  stamp: new Date("2026-12-01T10:11:12Z"),
  summary: "Besigtigelse: Åse Ærø-Øberg; tavle, HPFI",
  location: "Strandvejen 12, 4600 Køge",
  description: `Telefon: 12 34 56 78\n${"Ny eltavle med æøå og emoji 🔌, ".repeat(8)}`,
};
const organizer = { name: "Eksempel El", email: "kontakt@eksempel-el.example" };
const attendee = { name: 'Åse "Ø" Ærø', email: "aase@example.dk" };

describe("the calendar of a booked visit", () => {
  it("is an invitation a strict reader takes, with every text as written", () => {
    const text = calendar({ method: "REQUEST", events: [event], organizer, attendee });
    const parsed = parseICalendar(text);
    expect(parsed.method).toBe("REQUEST");
    const [read] = parsed.events;
    expect(read).toMatchObject({
      uid: eventUid(event.id),
      sequence: 2,
      start: event.start,
      end: event.end,
      status: "CONFIRMED",
      summary: event.summary,
      location: event.location,
      description: event.description,
    });
  });

  it("cancels with the same UID, STATUS:CANCELLED and METHOD:CANCEL", () => {
    const parsed = parseICalendar(
      calendar({ method: "CANCEL", events: [{ ...event, cancelled: true, sequence: 3 }], organizer, attendee }),
    );
    expect(parsed.method).toBe("CANCEL");
    expect(parsed.events[0]).toMatchObject({ uid: eventUid(event.id), sequence: 3, status: "CANCELLED" });
  });
});

describe("the strict reader", () => {
  const good = calendar({ method: "REQUEST", events: [event], organizer, attendee });
  it("refuses bare line feeds, long lines, open components and an invitation without its attendee", () => {
    expect(() => parseICalendar(good.replaceAll("\r\n", "\n"))).toThrow(/CRLF/);
    expect(() => parseICalendar(good.replace("SUMMARY:", `SUMMARY:${"x".repeat(80)}`))).toThrow(/75 octets/);
    expect(() => parseICalendar(good.replace("END:VEVENT\r\n", ""))).toThrow();
    expect(() => parseICalendar(calendar({ method: "REQUEST", events: [event], organizer }))).toThrow(/ATTENDEE/);
    expect(() => parseICalendar(good.replace(/DTSTART:\d+T\d+Z/, "DTSTART:2027-03-28 06:00"))).toThrow(/date-time/);
  });
});
