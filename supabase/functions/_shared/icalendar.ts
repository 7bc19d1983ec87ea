// iCalendar (RFC 5545) for booked visits: the invitation in the firm's and the customer's e-mails
// (METHOD:REQUEST; a cancellation METHOD:CANCEL with STATUS:CANCELLED; iTIP, RFC 5546) and the firm's
// private feed (METHOD:PUBLISH). One UID per booking, kept through every change, and the booking's
// SEQUENCE, one more at each change, so a calendar replaces what it holds instead of adding another.
// Times are UTC (a trailing Z): every calendar shows them in its own zone, with no VTIMEZONE to get wrong.

export type CalendarEvent = {
  /** The booking's id: the UID is made from it. */
  id: string;
  sequence: number;
  start: Date;
  end: Date;
  cancelled: boolean;
  summary: string;
  location: string;
  description: string;
  /** When the booking was made or last changed (DTSTAMP). */
  stamp: Date;
};

export type Party = { name: string; email: string };

/** The UID of a booking's event, the same in every e-mail and in the feed (the booking's id is a UUID). */
export const eventUid = (id: string) => `besigtigelse-${id}`;

/** A moment as iCalendar's UTC date-time: 20261203T080000Z. */
const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
const text = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** A parameter value (a common name) quoted, without the characters a quoted one may not hold. */
const param = (value: string) => `"${value.replace(/["\r\n]/g, "")}"`;

const encoder = new TextEncoder();

/** One content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation line starts with a space, so 74 more.
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * A calendar of `events`: an invitation (REQUEST) or a cancellation (CANCEL) from the firm to the
 * customer, or the feed (PUBLISH). Lines end with CRLF.
 */
export function calendar({
  method,
  events,
  organizer,
  attendee,
  name,
}: {
  method: "REQUEST" | "CANCEL" | "PUBLISH";
  events: CalendarEvent[];
  organizer: Party;
  attendee?: Party;
  /** The feed's name in a calendar app. */
  name?: string;
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Elektriker//Besigtigelser//DA",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${text(name)}`] : []),
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${eventUid(event.id)}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${utc(event.stamp)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
      `SUMMARY:${text(event.summary)}`,
      `LOCATION:${text(event.location)}`,
      `DESCRIPTION:${text(event.description)}`,
      `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      "TRANSP:OPAQUE",
      `ORGANIZER;CN=${param(organizer.name)}:mailto:${organizer.email}`,
      ...(attendee ? [`ATTENDEE;CN=${param(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${attendee.email}`] : []),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
