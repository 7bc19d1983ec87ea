// The e-mail the firm receives for a quote request, sent through the transport the settings name
// (SMTP, or the HTTP mail API). Header safety: every header value comes from validated single-line fields, nodemailer encodes
// them, and the customer is only ever an address object in Reply-To, never raw header text.
import { danishVisit } from "./copenhagen-time.js";
import { escapeHtml } from "./escape-html.js";
import { firmSubject } from "./mail-subject.js";
import { createMailApiTransport } from "./mail-api-transport.ts";
import { posesAsAddress } from "./quote-checks.ts";
import { createSmtpTransport } from "./smtp-transport.ts";
import type { MailTransport } from "./mail-transport.ts";
import type { StoredRequest } from "./store.ts";

/** Where mail goes out: an SMTP server, or an HTTP e-mail API (Resend's). */
export type MailTransportSettings = { kind: "smtp"; url: string } | { kind: "api"; apiKey: string; apiUrl: string };
export type MailSettings = { mailTransport: MailTransportSettings; mailFrom: string; mailTo: string[] };

/**
 * The number to call for a phone field that holds one number: 8 digits, or an international number
 * (+ or 00, at most 15 digits as E.164 allows); null for anything else ("20304050/60708090" is two
 * numbers, and one call link would dial neither).
 */
export function callNumber(phone: string): string | null {
  const dialled = phone.replace(/[^+0-9]/g, "");
  return /^\d{8}$|^(\+|00)\d{7,15}$/.test(dialled) ? dialled : null;
}

/** A table cell of the HTML part: the phone as a call link, the e-mail as a mail link, the rest as text. */
function cellHtml(label: string, value: string): string {
  const text = escapeHtml(value);
  const number = label === "Telefon" ? callNumber(value) : null;
  if (number) return `<a href="tel:${escapeHtml(number)}">${text}</a>`;
  if (label === "E-mail") return `<a href="mailto:${escapeHtml(value)}">${text}</a>`;
  // Only the site's own and registered partners' pages are stored (send-contact-email/handler.ts).
  if (label === "Side" && /^https?:\/\//.test(value)) return `<a href="${escapeHtml(value)}">${text}</a>`;
  return text;
}

const danishTime = new Intl.DateTimeFormat("da-DK", {
  timeZone: "Europe/Copenhagen",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** When a request arrived, as the firm reads it: Copenhagen time in Danish, '22. november 2026 kl. 11.25'. */
export function receivedInDanish(date: Date): string {
  const part = Object.fromEntries(danishTime.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.day}. ${part.month} ${part.year} kl. ${part.hour}.${part.minute}`;
}

/** The request's photos as the e-mail's attachments (base64, read by the transport one at a time). */
const photoAttachments = (request: StoredRequest) =>
  (request.photos ?? []).map((photo) => ({
    filename: photo.filename,
    content: () => photo.base64(),
    encoding: "base64" as const,
    contentType: photo.contentType,
  }));

/** The parts of the message that differ between a quote and a call-back. */
function content(request: StoredRequest) {
  const about: [string, string][] = [
    ["Side", request.sourceUrl ?? "(ukendt)"],
    ["Partner", request.partnerId ?? "(egen hjemmeside)"],
    ["Modtaget", receivedInDanish(request.receivedAt)],
    ["Forespørgsel-id", request.id],
  ];
  if (request.kind === "callback") {
    // No address to answer: the subject says what to do and whom to call, so it can be done from the inbox.
    return {
      subject: firmSubject(request),
      intro: "Kunden vil gerne ringes op.",
      rows: [["Navn", request.name], ["Telefon", request.phone], ["Hvornår", request.when ?? "Ikke angivet"], ...about] as [
        string,
        string,
      ][],
      message: null,
      outro: "Ring kunden op på nummeret ovenfor.",
      replyTo: undefined,
    };
  }
  // A booking is a quote with a visit: the subject says when, and the invitation comes attached (channels.ts).
  const visit = request.kind === "booking" && request.visit ? danishVisit(request.visit) : null;
  return {
    subject: firmSubject(request),
    intro: visit ? "Ny booking af en gratis besigtigelse fra hjemmesiden." : "Ny forespørgsel fra hjemmesiden.",
    rows: [
      ...(visit ? [["Besigtigelse", visit]] : []),
      ["Navn", request.name],
      ["Telefon", request.phone],
      ["E-mail", request.email],
      ["Hvor", request.location],
      ...about,
    ] as [string, string][],
    message: request.message,
    outro: "Svar direkte på denne e-mail for at skrive til kunden.",
    // A name that holds an encoded word or an address (stored before the rules refused them) would be
    // decoded by mail clients into someone else's address: the customer's address stands alone then.
    replyTo: { name: posesAsAddress(request.name) ? "" : request.name, address: request.email },
  };
}

/**
 * The message for one request: for a quote, the subject with the location and the customer as Reply-To;
 * for a call-back, the subject says whom to call; text and escaped HTML.
 */
export function buildMessage(request: StoredRequest, settings: Omit<MailSettings, "mailTransport">) {
  const { subject, intro, rows, message, outro, replyTo } = content(request);
  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(message === null ? [] : ["", "Besked:", message]),
    "",
    outro,
  ].join("\n");
  const html = `<p>${escapeHtml(intro)}</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${cellHtml(label, value)}</td></tr>`).join("")}</table>
${message === null ? "" : `<p><strong>Besked:</strong></p>\n<p style="white-space:pre-wrap">${escapeHtml(message)}</p>\n`}<p>${escapeHtml(outro)}</p>`;
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    ...(replyTo ? { replyTo } : {}),
    subject: `${request.deployCheck ? "TEST fra npm run verify:deploy: " : ""}${subject}`,
    text,
    html,
    // One stable Message-ID per request: should a retry ever deliver twice, mail clients see one message.
    messageId: `<${request.id}@quote-requests>`,
    headers: { "X-Quote-Request-Id": request.id },
    attachments: photoAttachments(request),
  };
}

/** The transport the settings name: SMTP, or the HTTP mail API: the one an instance sends every e-mail through. */
export function createTransport({ mailTransport }: Pick<MailSettings, "mailTransport">): MailTransport {
  return mailTransport.kind === "smtp" ? createSmtpTransport(mailTransport.url) : createMailApiTransport(mailTransport);
}
