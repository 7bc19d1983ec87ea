// The receipt a customer gets once the firm has their request: that it arrived and when, what happens
// next, the phone number, and how to have the data deleted. It repeats nothing the visitor typed (no
// name, no message, no page, no partner): whoever fills in someone else's address cannot make the firm
// send that person words of their choosing. The one thing taken from the request is the town, and only
// as the firm's own spelling of one of its areas.
import { escapeHtml } from "./escape-html.js";
import * as z from "zod/mini";
import { callNumber, receivedInDanish } from "./mail.ts";
import type { OutgoingMessage } from "./mail-transport.ts";

const text = z.string().check(z.minLength(1));

/**
 * The firm's facts the receipt states: part of the site's published facts (site-facts.ts), which the
 * database keeps in public.receipt_settings for the receipts it hands out.
 */
export const receiptFactsSchema = z.object({
  phone: z.string().check(z.minLength(8)),
  brand: text,
  email: z.email(),
  baseTown: text,
  phoneHours: text,
  emergency: text,
  responseTimes: z.object({
    acuteHomeArea: text,
    acuteSurroundingTowns: text,
    quoteAfterInspection: text,
    workAfterInspection: text,
  }),
  areas: z.array(z.object({ name: text, postalCode: text, home: z.boolean() })),
});
export type ReceiptFacts = z.infer<typeof receiptFactsSchema>;
export type Area = ReceiptFacts["areas"][number];

/** A receipt claimed for sending: the request's id, address, typed place and time, and the firm's facts. */
export type ClaimedReceipt = { id: string; email: string; location: string; receivedAt: Date; attempts: number; facts: ReceiptFacts };

/** What the function knows itself: the sender (MAIL_FROM) and the site (SITE_URL). */
export type ReceiptSettings = { mailFrom: string; siteUrl: string };

/** Letters and digits only, lower case, single-spaced: "4600  KØGE," and "4600 Køge" compare equal. */
const comparable = (value: string) =>
  ` ${value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;

/**
 * The one area of the firm that a typed place names (by its name, else by a postcode only it has), or
 * null: the receipt then names no town at all. Only the area's own spelling is ever shown.
 */
export function areaNamed(location: string, areas: readonly Area[]): Area | null {
  const place = comparable(location);
  const named = areas.filter((area) => place.includes(comparable(area.name)));
  // "Ølby Lyng" names Ølby Lyng, not also Ølby: a name inside a longer one that matched does not count.
  const byName = named.filter((area) => !named.some((other) => other !== area && comparable(other.name).includes(comparable(area.name))));
  if (byName.length > 0) return byName.length === 1 ? byName[0] : null;
  const byCode = areas.filter((area) => place.includes(comparable(area.postalCode)));
  return byCode.length === 1 ? byCode[0] : null;
}

/** The receipt as a message: from MAIL_FROM, to the request's address, with the firm's address as Reply-To. */
export function buildReceipt(receipt: ClaimedReceipt, settings: ReceiptSettings): OutgoingMessage {
  const { facts } = receipt;
  const times = facts.responseTimes;
  const area = areaNamed(receipt.location, facts.areas);
  const phone = facts.phone;
  // A Danish number dials with +45, as every call link on the site does, so it works from abroad too.
  const number = callNumber(phone);
  const dial = number && /^\d{8}$/.test(number) ? `+45${number}` : number;
  const privacy = `${settings.siteUrl}/privatlivspolitik#rettigheder`;
  const acute = area
    ? area.home
      ? `Ved akutte fejl i ${area.name} er vi ${times.acuteHomeArea} hos dig.`
      : `Ved akutte fejl kommer vi til ${area.name} ${times.acuteSurroundingTowns}.`
    : `Ved akutte fejl i nærområdet omkring ${facts.baseTown} er vi ${times.acuteHomeArea} hos dig, og i de omkringliggende byer kommer vi ${times.acuteSurroundingTowns}.`;
  // Paragraphs of plain text; the HTML part is the same text, escaped, with the phone, e-mail and page as links.
  const when = `Vi har modtaget din forespørgsel${area ? ` om en opgave i ${area.name}` : ""} den ${receivedInDanish(receipt.receivedAt)}.`;
  const next = [
    `Vi kontakter dig hurtigst muligt i vores telefontid, ${facts.phoneHours}.`,
    "Ofte kan vi give en pris ud fra din beskrivelse; ellers aftaler vi en gratis besigtigelse.",
    `Efter en besigtigelse får du vores tilbud ${times.quoteAfterInspection}, og når du har sagt ja, går vi i gang ${times.workAfterInspection}.`,
  ];
  const urgent = `${acute} Haster det, så ring på ${phone}. ${facts.emergency}.`;
  const reply = "Vil du tilføje noget, så svar bare på denne e-mail. Svaret kommer direkte til os.";
  const erase = `Vil du se eller have slettet de oplysninger, vi har gemt om din forespørgsel, så skriv til ${facts.email} eller ring på ${phone}, og fortæl, hvilken e-mailadresse du brugte i formularen. Læs mere i vores privatlivspolitik: ${privacy}`;
  const notYou =
    "Har du ikke selv sendt os en forespørgsel, har en anden skrevet din e-mailadresse i vores formular. Du behøver ikke gøre noget, men skriv gerne til os, så sletter vi forespørgslen.";
  const closing = `Med venlig hilsen\n${facts.brand}`;

  const textPart = [
    "Tak for din forespørgsel.",
    when,
    `Sådan går det videre:\n${next.map((line) => `- ${line}`).join("\n")}`,
    urgent,
    reply,
    `Dine oplysninger:\n${erase}`,
    notYou,
    closing,
  ].join("\n\n");

  const linked = (value: string) =>
    escapeHtml(value)
      .replaceAll(escapeHtml(phone), dial ? `<a href="tel:${escapeHtml(dial)}">${escapeHtml(phone)}</a>` : escapeHtml(phone))
      .replaceAll(escapeHtml(facts.email), `<a href="mailto:${escapeHtml(facts.email)}">${escapeHtml(facts.email)}</a>`)
      .replace(escapeHtml(privacy), `<a href="${escapeHtml(privacy)}">${escapeHtml(privacy)}</a>`);
  const html = [
    "<p>Tak for din forespørgsel.</p>",
    `<p>${linked(when)}</p>`,
    `<p><strong>Sådan går det videre:</strong></p><ul>${next.map((line) => `<li>${linked(line)}</li>`).join("")}</ul>`,
    `<p>${linked(urgent)}</p>`,
    `<p>${linked(reply)}</p>`,
    `<p><strong>Dine oplysninger:</strong> ${linked(erase)}</p>`,
    `<p>${linked(notYou)}</p>`,
    `<p>Med venlig hilsen<br>${escapeHtml(facts.brand)}</p>`,
  ].join("\n");

  return {
    from: settings.mailFrom,
    to: [receipt.email],
    replyTo: { name: facts.brand, address: facts.email },
    subject: `Vi har modtaget din forespørgsel – ${facts.brand}`,
    text: textPart,
    html,
    // Its own Message-ID, stable over retries; Auto-Submitted keeps auto-replies from answering it (RFC 3834).
    messageId: `<receipt-${receipt.id}@quote-requests>`,
    headers: { "Auto-Submitted": "auto-generated" },
  };
}
