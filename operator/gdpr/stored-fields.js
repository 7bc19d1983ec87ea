// Everything stored for one e-mail address, for a GDPR access answer (art. 15) and an erasure (art. 17):
// every column of every row, the hashed client address and the user agent included. Columns added later
// are answered too (select *); the labels below say in Danish what each known column is. The photos sent
// with a request (kept until the firm's e-mail with them is out, or a failed one is purged) are listed by
// name, type and size, never their bytes; what was sent about it (the outbox's deliveries), by what,
// how it went and when.
import { danishDateTime } from "../../supabase/functions/_shared/copenhagen-time.js";
import { storedEmailForm } from "../../supabase/functions/_shared/email-address.js";

/** @typedef {{ filename: string, content_type: string, size_bytes: number }} StoredPhoto */
/** @typedef {Record<string, unknown> & { id: string, received_at: Date, name: string, email: string, photos: StoredPhoto[] }} StoredRow */

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
  photos: "Billeder sendt med",
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

/** The photo types as a person reads them. */
const PHOTO_TYPES = /** @type {Record<string, string>} */ ({ "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" });

/**
 * Every stored row for an address, any spelling of it, oldest first: the address is looked up in the
 * form the function stores it (storedEmailForm), by its mailbox (public.mailbox: without a +tag, without
 * regard to case), as forget_quote_requester() deletes.
 * @param {import("postgres").Sql} sql
 * @param {string} address as typed
 * @returns {Promise<StoredRow[]>}
 */
export async function storedFor(sql, address) {
  return await sql`select q.*, coalesce((
      select json_agg(json_build_object('filename', p.filename, 'content_type', p.content_type, 'size_bytes', octet_length(p.bytes))
        order by p.position)
      from quote_request_photos p where p.request_id = q.id), '[]') as photos, coalesce((
      select json_agg(json_build_object('channel', d.channel, 'state', d.state, 'sent_at', d.sent_at) order by d.id)
      from deliveries d where d.request_id = q.id), '[]') as deliveries
    from quote_requests q
    where public.mailbox(q.email) = public.mailbox(${storedEmailForm(address)}) order by q.received_at`;
}

/**
 * Erases everything stored for an address, any spelling of it (GDPR art. 17); answers how many requests.
 * @param {import("postgres").Sql} sql
 * @param {string} address as typed
 * @returns {Promise<number>}
 */
export async function forget(sql, address) {
  const [{ deleted }] = await sql`select public.forget_quote_requester(${storedEmailForm(address)}) as deleted`;
  return deleted;
}

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
 * A stored value as a person reads it: Danish times, yes/no, the status in words, a cleared value said so.
 * @param {string} column
 * @param {unknown} value
 */
export function valueInDanish(column, value) {
  if (column === "photos" && Array.isArray(value)) return photosInDanish(value);
  if (column === "deliveries" && Array.isArray(value)) return deliveriesInDanish(value);
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
 * What the firm must still delete by hand after an erasure: its own e-mails about the requests.
 * @param {string} address
 * @param {StoredRow[]} rows the rows that were deleted
 * @param {string} mailbox the firm's address (business.yaml); MAIL_TO may name more
 */
export function mailCopiesReminder(address, rows, mailbox) {
  if (rows.length === 0) return "";
  return [
    `Husk: vores e-mails om ${rows.length === 1 ? "forespørgslen" : "forespørgslerne"} ligger stadig i firmaets postkasse (${mailbox} og de andre adresser i MAIL_TO, hvis der er flere). Slet dem også, og tøm "Slettet post" bagefter.`,
    `Søg efter ${address} (kunden står som svar-til-adresse), eller efter emne og tidspunkt:`,
    ...rows.map((row) => `  "Ny forespørgsel: ${row.location}", modtaget ${danishDateTime(row.received_at)} (forespørgsel-id ${row.id})`),
  ].join("\n");
}
