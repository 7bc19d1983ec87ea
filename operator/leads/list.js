// The firm's list of leads (quote requests and call-backs) from the database, in Danish with Copenhagen times: a
// period, a search by name, phone or e-mail, or the undelivered ones (what the alerts point to). Deploy
// checks (`npm run verify:deploy`) are not leads and are left out.
import { danishDateTime, spreadsheetDateTime } from "../../supabase/functions/_shared/copenhagen-time.js";
import { toCsv } from "../../supabase/functions/_shared/csv.js";
import { KIND_IN_DANISH } from "../../supabase/functions/_shared/lead-kinds.js";

/** @typedef {import("./period.js").Period} Period */
/**
 * @typedef {{ id: string, received_at: Date, kind: string, call_when: string | null, name: string, phone: string,
 *   email: string | null, location: string | null, message: string | null,
 *   source_url: string | null, partner_id: string | null, partner_name: string | null, status: string, attempts: number,
 *   last_error: string | null }} Lead
 */

/** What happened to the firm's e-mail of a lead, in Danish: its delivery's state (the outbox), or held. */
export const STATUS_IN_DANISH = /** @type {Record<string, string>} */ ({
  sent: "sendt",
  due: "ikke sendt endnu",
  sending: "sendes nu",
  failed: "opgivet: kunne ikke sendes",
  skipped: "opgivet: ikke forsøgt i tide",
  held: "holdt tilbage: for mange fra samme adresse",
});

/**
 * A lead's kind in Danish (KIND_IN_DANISH), with when to call for a call-back: "Ring op (I formiddag)".
 * @param {Lead} lead
 */
export const kindOf = (lead) =>
  `${KIND_IN_DANISH[lead.kind] ?? lead.kind}${lead.kind === "callback" ? ` (${lead.call_when ?? "når som helst"})` : ""}`;

const COLUMNS = `q.id, q.received_at, q.kind, q.call_when, q.name, q.phone, q.email, q.location, q.message, q.source_url, q.partner_id,
  p.name as partner_name, case when q.held then 'held' else coalesce(m.state, 'due') end as status, coalesce(m.attempts, 0) as attempts,
  m.note as last_error`;

/** The leads with their partner and the delivery of the firm's e-mail about each (none when held). */
const LEADS = `quote_requests q left join partners p on p.id = q.partner_id
  left join deliveries m on m.request_id = q.id and m.channel = 'mail'`;

/**
 * The leads received in a period (Copenhagen days), newest first, optionally only those whose name,
 * e-mail or phone number (digits compared, spaces ignored) contains `search`.
 * @param {import("postgres").Sql} sql
 * @param {Period} period
 * @param {string} [search]
 * @returns {Promise<Lead[]>}
 */
export async function leadsInPeriod(sql, period, search) {
  const text = search ? `%${search.replace(/[\\%_]/g, "\\$&")}%` : null;
  const digits = search?.replace(/\D/g, "") || null;
  return await sql`
    select ${sql.unsafe(COLUMNS)} from ${sql.unsafe(LEADS)}
    where not q.deploy_check
      and q.received_at >= (${period.from}::date)::timestamp at time zone 'Europe/Copenhagen'
      and q.received_at < (${period.to}::date + 1)::timestamp at time zone 'Europe/Copenhagen'
      and (${text}::text is null or q.name ilike ${text} or q.email ilike ${text}
        or (${digits}::text is not null and regexp_replace(q.phone, '\\D', '', 'g') like '%' || ${digits} || '%'))
    order by q.received_at desc`;
}

/**
 * The leads whose e-mail has not reached the firm: failed, held, or still unsent an hour after arriving.
 * @param {import("postgres").Sql} sql
 * @returns {Promise<Lead[]>}
 */
export async function undeliveredLeads(sql) {
  return await sql`
    select ${sql.unsafe(COLUMNS)} from ${sql.unsafe(LEADS)}
    where q.held or m.state in ('failed', 'skipped')
       or (m.state in ('due', 'sending') and q.received_at < now() - interval '1 hour')
    order by q.received_at desc`;
}

/** @param {Lead} lead */
const partnerOf = (lead) => (lead.partner_id ? `${lead.partner_name ?? lead.partner_id} (${lead.partner_id})` : "egen hjemmeside");

/**
 * One lead as a block of Danish lines for the terminal.
 * @param {Lead} lead
 */
export function leadText(lead) {
  const status = STATUS_IN_DANISH[lead.status] ?? lead.status;
  const tried =
    lead.status === "sent" || lead.attempts === 0
      ? ""
      : ` (${lead.attempts} forsøg${lead.last_error ? `, sidste fejl: ${lead.last_error}` : ""})`;
  // A call-back has only a name and a phone: no address, place or message lines.
  const quote = lead.kind !== "callback";
  return [
    `${danishDateTime(lead.received_at)}  ${lead.name}`,
    `  Type: ${kindOf(lead)}`,
    quote ? `  Telefon: ${lead.phone}   E-mail: ${lead.email}   Hvor: ${lead.location}` : `  Telefon: ${lead.phone}`,
    `  Partner: ${partnerOf(lead)}   Side: ${lead.source_url ?? "(ukendt)"}`,
    `  E-mail til firmaet: ${status}${tried}`,
    ...(quote ? [`  Besked: ${(lead.message ?? "").replace(/\s*\n\s*/g, " / ")}`] : []),
    `  Id: ${lead.id}`,
  ].join("\n");
}

/**
 * The leads as Danish text: a heading line, then one block per lead.
 * @param {string} heading
 * @param {Lead[]} leads
 */
export function leadsText(heading, leads) {
  return [heading, "", ...leads.map((lead) => `${leadText(lead)}\n`)].join("\n");
}

/**
 * The leads as CSV for Excel (supabase/functions/_shared/csv.js), times in Copenhagen.
 * @param {Lead[]} leads
 */
export function leadsCsv(leads) {
  const header = [
    "Modtaget (dansk tid)",
    "Type",
    "Navn",
    "Telefon",
    "E-mail",
    "Hvor",
    "Besked",
    "Partner",
    "Side",
    "E-mail til firmaet",
    "Id",
  ];
  return toCsv(
    header,
    leads.map((lead) => [
      spreadsheetDateTime(lead.received_at),
      kindOf(lead),
      lead.name,
      lead.phone,
      lead.email ?? "",
      lead.location ?? "",
      lead.message ?? "",
      partnerOf(lead),
      lead.source_url ?? "",
      STATUS_IN_DANISH[lead.status] ?? lead.status,
      lead.id,
    ]),
  );
}

/**
 * "3 forespørgsler", "1 forespørgsel".
 * @param {number} count
 */
export const requestsInDanish = (count) => `${count} ${count === 1 ? "forespørgsel" : "forespørgsler"}`;
