// What a booked inspection sends, each with the visit as an iCalendar invitation (icalendar.ts): the
// customer's confirmation, the news of a move or a cancellation (to the customer and to the firm), the
// reminder the day before (by e-mail, and as an SMS when the firm turns it on); the firm's e-mail about a
// new booking is the lead's own (mail.ts), with the same invitation. Like the receipt (receipt-text.ts),
// what goes to the customer repeats nothing the visitor typed but the town, as one of the firm's areas: a
// stranger who books in someone else's name cannot make the firm send that person words of their choosing.
import { manageUrl } from "./booking-token.ts";
import { copenhagenParts, danishVisit } from "./copenhagen-time.js";
import { escapeHtml } from "./escape-html.js";
import { toGsm7 } from "./gsm7.js";
import { type CalendarEvent, calendar, type Party } from "./icalendar.ts";
import type { OutgoingMessage } from "./mail-transport.ts";
import { areaNamed, type ReceiptFacts } from "./receipt-text.ts";
import type { StoredRequest, Visit } from "./store.ts";

/** A booking as its sends see it: the request (kind "booking") with its visit. */
export type Booking = StoredRequest & { email: string; location: string; message: string; visit: Visit };

/** What a booking's messages need besides the booking: the sender, the firm's addresses and the site. */
export type BookingMailSettings = { mailFrom: string; mailTo: string[]; siteUrl: string };

/** A visit in Danish, Copenhagen time (copenhagen-time.js). */
export const visitInDanish = (visit: Pick<Visit, "start" | "end">): string => danishVisit(visit);

/** The customer's place as the firm's area, or none (receipt-text.ts, areaNamed). */
const areaOf = (booking: Booking, facts: ReceiptFacts) => areaNamed(booking.location, facts.areas)?.name ?? null;

type Attachment = NonNullable<OutgoingMessage["attachments"]>[number];

/** The visit as a calendar event: the firm's with the customer's details, the customer's (with `facts`) with the firm's. */
function eventOf(booking: Booking, facts: ReceiptFacts | null, forFirm: boolean): CalendarEvent {
  const { visit } = booking;
  return {
    id: booking.id,
    sequence: visit.sequence,
    start: new Date(visit.start),
    end: new Date(visit.end),
    cancelled: !visit.active,
    stamp: new Date(),
    summary: forFirm || !facts ? `Besigtigelse: ${booking.name}, ${booking.location}` : `Gratis besigtigelse – ${facts.brand}`,
    location: forFirm || !facts ? booking.location : (areaOf(booking, facts) ?? "Adressen, du oplyste"),
    description:
      forFirm || !facts
        ? `Telefon: ${booking.phone}\nE-mail: ${booking.email}\n\n${booking.message}`
        : `Gratis og uforpligtende besigtigelse. Spørgsmål eller ændringer: ring på ${facts.phone}.`,
  };
}

/** A booking's invitation as it is now (a cancellation once cancelled), as an attachment. */
function attachment(booking: Booking, event: CalendarEvent, organizer: Party, attendee: Party): Attachment {
  const method = booking.visit.active ? "REQUEST" : "CANCEL";
  const content = calendar({ method, events: [event], organizer, attendee });
  // As base64, so that no transport rewrites its CRLF line ends (RFC 5545 3.1).
  const bytes = new TextEncoder().encode(content);
  const base64 = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
  return {
    filename: "besigtigelse.ics",
    content: base64,
    encoding: "base64",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/** The customer's invitation: from the firm, naming the firm and the town as one of its areas. */
const customerInvitation = (booking: Booking, facts: ReceiptFacts) =>
  attachment(booking, eventOf(booking, facts, false), { name: facts.brand, email: facts.email }, { name: "Kunde", email: booking.email });

/**
 * The firm's invitation: the customer's name, place, phone and words, organised by the firm's own
 * address (`firmAddress`, the first of MAIL_TO), so its phone calendar adds it in one tap.
 */
export const firmInvitation = (booking: Booking, facts: Pick<ReceiptFacts, "brand"> | null, firmAddress: string) =>
  attachment(
    booking,
    eventOf(booking, null, true),
    { name: facts?.brand ?? "Hjemmesiden", email: firmAddress },
    { name: booking.name, email: booking.email },
  );

/** The feed of the firm's visits (METHOD:PUBLISH), cancelled ones marked so; organised by `firmAddress` as its invitations are. */
export function feedCalendar(bookings: Booking[], brand: string, firmAddress: string): string {
  return calendar({
    method: "PUBLISH",
    name: `${brand}: besigtigelser`,
    events: bookings.map((booking) => eventOf(booking, null, true)),
    organizer: { name: brand, email: firmAddress },
  });
}

/** A message of paragraphs to the customer, as text and as escaped HTML with the link as a link. */
function toCustomer(
  booking: Booking,
  facts: ReceiptFacts,
  settings: BookingMailSettings,
  { subject, paragraphs, kind, link }: { subject: string; paragraphs: string[]; kind: string; link: string | null },
): OutgoingMessage {
  const closing = `Med venlig hilsen\n${facts.brand}, ${facts.phone}`;
  const all = [...paragraphs, closing];
  const html = all
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replaceAll("\n", "<br>");
      return `<p>${link ? escaped.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : escaped}</p>`;
    })
    .join("\n");
  return {
    from: settings.mailFrom,
    to: [booking.email],
    replyTo: { name: facts.brand, address: facts.email },
    subject: `${subject} – ${facts.brand}`,
    text: all.join("\n\n"),
    html,
    messageId: `<booking-${kind}-${booking.id}-${booking.visit.sequence}@quote-requests>`,
    headers: { "Auto-Submitted": "auto-generated" },
    attachments: [customerInvitation(booking, facts)],
  };
}

/** The customer's confirmation of a new booking: when, that it is free and binds to nothing, what happens next, the link to change it. */
export function confirmationMessage(booking: Booking, facts: ReceiptFacts, settings: BookingMailSettings, token: string): OutgoingMessage {
  const area = areaOf(booking, facts);
  const link = manageUrl(settings.siteUrl, booking.id, token);
  return toCustomer(booking, facts, settings, {
    subject: `Din besigtigelse ${visitInDanish(booking.visit)}`,
    kind: "confirmation",
    link,
    paragraphs: [
      `Tak for din booking. Vi kommer til en gratis besigtigelse${area ? ` i ${area}` : ""} ${visitInDanish(booking.visit)}.`,
      "Besigtigelsen er gratis og binder dig ikke til noget.",
      `Sådan går det videre: Vi ser på opgaven sammen med dig. Bagefter får du vores faste pris ${facts.responseTimes.quoteAfterInspection}, og siger du ja, går vi i gang ${facts.responseTimes.workAfterInspection}. Dagen før får du en påmindelse.`,
      "Tiden er vedhæftet som kalenderinvitation (besigtigelse.ics): åbn den for at lægge den i din kalender.",
      `Kan du ikke alligevel? Aflys eller flyt tiden her (linket virker indtil besigtigelsen): ${link}`,
      "Har du ikke selv booket, har en anden skrevet din e-mailadresse i vores formular. Brug linket ovenfor til at aflyse, eller skriv til os.",
    ],
  });
}

/** The customer's news of a move or a cancellation, with the updated invitation (or its cancellation). */
export function updateMessage(booking: Booking, facts: ReceiptFacts, settings: BookingMailSettings, token: string): OutgoingMessage {
  const { visit } = booking;
  const link = visit.active ? manageUrl(settings.siteUrl, booking.id, token) : null;
  const paragraphs = visit.active
    ? [
        `Din gratis besigtigelse er flyttet til ${visitInDanish(visit)}.`,
        "Den opdaterede kalenderinvitation er vedhæftet: åbn den, så flytter tiden i din kalender.",
        `Kan du ikke alligevel? Aflys eller flyt tiden her: ${link}`,
      ]
    : [
        `Din gratis besigtigelse ${visitInDanish(visit)} er aflyst${visit.cancelledBy === "customer" ? ", som du bad om" : ""}.`,
        "Åbn den vedhæftede aflysning, så forsvinder tiden fra din kalender.",
        `Vil du have en ny tid, så book på ${settings.siteUrl}/besigtigelse eller ring på ${facts.phone}.`,
      ];
  return toCustomer(booking, facts, settings, {
    subject: visit.active ? `Din besigtigelse er flyttet til ${visitInDanish(visit)}` : "Din besigtigelse er aflyst",
    kind: "update",
    link,
    paragraphs,
  });
}

/** The customer's reminder the day before, with the invitation and the link. */
export function reminderMessage(booking: Booking, facts: ReceiptFacts, settings: BookingMailSettings, token: string): OutgoingMessage {
  const link = manageUrl(settings.siteUrl, booking.id, token);
  return toCustomer(booking, facts, settings, {
    subject: `Påmindelse: besigtigelse ${visitInDanish(booking.visit)}`,
    kind: "reminder",
    link,
    paragraphs: [
      `Vi kommer til den gratis besigtigelse ${visitInDanish(booking.visit)}.`,
      `Kan du ikke alligevel? Aflys eller flyt tiden her: ${link}`,
    ],
  });
}

/** The firm's news of a move or a cancellation, with the updated invitation for its calendar. */
export function firmUpdateMessage(booking: Booking, facts: ReceiptFacts, settings: BookingMailSettings): OutgoingMessage {
  const { visit } = booking;
  const by = visit.cancelledBy === "customer" ? "af kunden" : "af jer";
  const what = visit.active ? `flyttet til ${visitInDanish(visit)}` : `${visitInDanish(visit)} aflyst ${by}`;
  const text = [
    `Besigtigelsen hos ${booking.name} (${booking.location}) er ${what}.`,
    `Telefon: ${booking.phone}`,
    `Forespørgsel-id: ${booking.id}`,
    "Den vedhæftede invitation opdaterer tiden i kalenderen.",
  ].join("\n");
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    subject: `Besigtigelse ${visit.active ? "flyttet" : "aflyst"}: ${booking.name}, ${booking.location}`,
    text,
    html: `<p>${escapeHtml(text).replaceAll("\n", "<br>")}</p>`,
    messageId: `<booking-firm-${booking.id}-${visit.sequence}@quote-requests>`,
    headers: { "X-Quote-Request-Id": booking.id },
    attachments: [firmInvitation(booking, facts, settings.mailTo[0])],
  };
}

/** The customer's reminder by SMS: one GSM-7 message, nothing the visitor typed. */
export function reminderSmsText(booking: Booking, facts: ReceiptFacts): string {
  const { hour, minute } = copenhagenParts(new Date(booking.visit.start));
  const day = visitInDanish(booking.visit).split(" kl.")[0];
  return toGsm7(
    `Påmindelse: gratis besigtigelse ${day} kl. ${hour}.${minute}. Aflys eller flyt: ring ${facts.phone}. ${facts.brand}`,
  ).slice(0, 160);
}
