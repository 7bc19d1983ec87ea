// Everything stored for one customer, as a person reads it in a GDPR access answer (art. 15) and before
// an erasure (art. 17): every column of every row, the hashed client address and the user agent
// included, as public.requester_rows() answers them (the inbox's migration). Columns added later are
// answered too; the labels below say in Danish what each known column is. The photos sent with a request
// (kept until the firm's e-mail with them is out, or a failed one is purged) are listed by name, type and
// size, never their bytes; what was sent about it (the outbox's deliveries), by what, how it went and
// when; a booking's visit; and the firm's states and notes about it in the inbox. Plain JavaScript, shared by
// scripts/forget-requester.js (Node) and the inbox (Deno).
import { danishDateTime, danishVisit } from "./copenhagen-time.js";
import { firmSubject } from "./mail-subject.js";

/** @typedef {{ filename: string, content_type: string, size_bytes: number }} StoredPhoto */
/** @typedef {Record<string, unknown> & { id: string, received_at: Date, name: string, email: string | null, phone: string,
 *   location: string | null, photos: StoredPhoto[] }} StoredRow */

/** Danish names of the stored columns, in the order a person reads them; the rest follow by their column name. */
export const FIELD_LABELS = /** @type {Record<string, string>} */ ({
  received_at: "Modtaget",
  name: "Navn",
  phone: "Telefon",
  email: "E-mail",
  location: "Hvor arbejdet skal udføres",
  message: "Beskrivelse af opgaven",
  source_url: "Siden, forespørgslen blev sendt fra",
  partner_id: "Samarbejdspartner, formularen sad hos",
  client_ip_hash: "Envejskodet (hashet) udgave af IP-adressen",
  user_agent: "Browserens navn (user agent)",
  held: "Holdt tilbage (for mange forespørgsler med samme e-mailadresse eller telefonnummer)",
  deliveries: "Det, vi har sendt om den",
  idempotency_key: "Teknisk nøgle mod dobbelt afsendelse",
  request_hash: "Kontrolsum af indholdet",
  deploy_check: "Test af opsætningen",
  id: "Forespørgslens nummer",
  visit: "Besigtigelse, du har booket",
  photos: "Billeder sendt med",
  states: "Status hos os",
  notes: "Vores noter om den",
});

/** What each delivery of a request is, and how it went, as a person reads them. */
const DELIVERIES = /** @type {Record<string, string>} */ ({
  mail: "vores e-mail om forespørgslen",
  receipt: "kvittering til dig",
  sms: "vores sms om forespørgslen",
  alert: "besked til os om en e-mail, der ikke kom frem",
});
const DELIVERY_STATES = /** @type {Record<string, string>} */ ({
  sent: "sendt",
  due: "ikke sendt endnu",
  sending: "sendes nu",
  failed: "opgivet",
  skipped: "ikke sendt",
});

/** The inbox's states as a person reads them (supabase/functions/inbox/README.md). */
const LEAD_STATES = /** @type {Record<string, string>} */ ({
  ny: "ny",
  ringet_op: "ringet op",
  besigtigelse: "besigtigelse aftalt",
  tilbud_sendt: "tilbud sendt",
  vundet: "vundet",
  tabt: "tabt",
});

/** The photo types as a person reads them. */
const PHOTO_TYPES = /** @type {Record<string, string>} */ ({ "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" });

/**
 * The photos still stored with a request, in Danish: how many, and each one's name, type and size.
 * @param {StoredPhoto[]} photos
 */
function photosInDanish(photos) {
  if (photos.length === 0) return "ingen gemt (billeder slettes, når vores e-mail med dem er sendt)";
  const size = (/** @type {number} */ bytes) => `${Math.max(1, Math.round(bytes / 1000)).toLocaleString("da-DK")} kB`;
  const each = photos.map(
    (photo) => `${photo.filename} (${PHOTO_TYPES[photo.content_type] ?? photo.content_type}, ${size(photo.size_bytes)})`,
  );
  return `${photos.length === 1 ? "1 billede" : `${photos.length} billeder`}, gemt indtil vores e-mail med dem er sendt: ${each.join(", ")}`;
}

/**
 * What was sent about a request, in Danish: each delivery, how it went, and when it was sent.
 * @param {{ channel: string, state: string, sent_at: string | null }[]} deliveries
 */
function deliveriesInDanish(deliveries) {
  if (deliveries.length === 0) return "intet";
  return deliveries
    .map(
      ({ channel, state, sent_at }) =>
        `${DELIVERIES[channel] ?? channel}: ${DELIVERY_STATES[state] ?? state}${sent_at ? ` ${danishDateTime(new Date(sent_at))}` : ""}`,
    )
    .join("; ");
}

/**
 * The inbox's states of a request, in Danish: each with when, and why for a lost one.
 * @param {{ at: string, state: string, reason: string | null }[]} states
 */
function statesInDanish(states) {
  if (states.length === 0) return "ny (ikke ændret)";
  return states
    .map(({ at, state, reason }) => `${LEAD_STATES[state] ?? state} ${danishDateTime(new Date(at))}${reason ? ` (${reason})` : ""}`)
    .join("; ");
}

/**
 * A booking's visit: when, and whether it was cancelled.
 * @param {{ start: string, end: string, active: boolean }} visit
 */
const visitInDanish = (visit) => `${danishVisit(visit)}${visit.active ? "" : " (aflyst)"}`;

/**
 * The inbox's notes about a request, in Danish, each with when.
 * @param {{ at: string, text: string }[]} notes
 */
function notesInDanish(notes) {
  if (notes.length === 0) return "ingen";
  return notes.map(({ at, text }) => `${danishDateTime(new Date(at))}: ${text}`).join("; ");
}

/**
 * A row as public.requester_rows() answers it (JSON) with its time as a Date again, as the letter reads it.
 * @param {Record<string, unknown>} row
 * @returns {StoredRow}
 */
export const storedRow = (row) => /** @type {StoredRow} */ ({ ...row, received_at: new Date(/** @type {string} */ (row.received_at)) });

/**
 * A stored value as a person reads it: Danish times, yes/no, the status in words, a cleared value said so.
 * @param {string} column
 * @param {unknown} value
 */
export function valueInDanish(column, value) {
  if (column === "photos" && Array.isArray(value)) return photosInDanish(value);
  if (column === "deliveries" && Array.isArray(value)) return deliveriesInDanish(value);
  if (column === "states" && Array.isArray(value)) return statesInDanish(value);
  if (column === "notes" && Array.isArray(value)) return notesInDanish(value);
  if (column === "visit" && value && typeof value === "object") return visitInDanish(/** @type {any} */ (value));
  if (value === null || value === undefined || value === "") return column === "partner_id" ? "ingen (vores egen hjemmeside)" : "intet";
  if (value instanceof Date) return danishDateTime(value);
  if (typeof value === "boolean") return value ? "ja" : "nej";
  if (column === "client_ip_hash" && value === "cleared") return "slettet (efter de faste dage)";
  return String(value);
}

/**
 * The fields of one row as Danish lines, '  Label: value', every column included.
 * @param {StoredRow} row
 */
export function fieldLines(row) {
  const known = Object.keys(FIELD_LABELS).filter((column) => column in row);
  const others = Object.keys(row).filter((column) => !(column in FIELD_LABELS));
  return [...known, ...others].map(
    (column) => `  ${FIELD_LABELS[column] ?? column}: ${valueInDanish(column, row[column]).replace(/\s*\n\s*/g, " / ")}`,
  );
}

/**
 * What was searched for, as the letters and reminders name it: the e-mail address, or the phone number.
 * @param {{ email?: string | null, phone?: string | null }} who
 */
export const searchedFor = ({ email, phone }) =>
  email
    ? { kind: "e-mailadressen", value: email, spellings: "også stavet på andre måder" }
    : { kind: "telefonnummeret", value: phone ?? "", spellings: "også skrevet på andre måder" };

/**
 * What the firm must still delete by hand after an erasure: its own e-mails about the requests (the
 * subjects mail.ts gives them: mail-subject.js).
 * @param {{ email?: string | null, phone?: string | null }} who what was erased
 * @param {StoredRow[]} rows the rows that were deleted
 * @param {string} mailbox the firm's address (business.yaml); MAIL_TO may name more
 */
export function mailCopiesReminder(who, rows, mailbox) {
  if (rows.length === 0) return "";
  return [
    `Husk: vores e-mails om ${rows.length === 1 ? "forespørgslen" : "forespørgslerne"} ligger stadig i firmaets postkasse (${mailbox} og de andre adresser i MAIL_TO, hvis der er flere). Slet dem også, og tøm "Slettet post" bagefter.`,
    who.email
      ? `Søg efter ${who.email} (kunden står som svar-til-adresse), eller efter emne og tidspunkt:`
      : `Søg efter ${who.phone}, eller efter emne og tidspunkt:`,
    ...rows.map(
      (row) => `  "${firmSubject(/** @type {any} */ (row))}", modtaget ${danishDateTime(row.received_at)} (forespørgsel-id ${row.id})`,
    ),
  ].join("\n");
}
