// Everything stored for one customer, found by e-mail address (any spelling of it) or phone number (any
// spelling), for a GDPR access answer (art. 15) and an erasure (art. 17), through the database's one
// lookup and one erasure (public.requester_rows, public.forget_requester); what the answer says:
// supabase/functions/_shared/stored-fields.js.
import { storedEmailForm } from "../../supabase/functions/_shared/email-address.js";
import { storedRow } from "../../supabase/functions/_shared/stored-fields.js";

/** @typedef {import("../../supabase/functions/_shared/stored-fields.js").StoredRow} StoredRow */
/** @typedef {{ email?: string | null, phone?: string | null }} Requester an e-mail address or a phone number, as typed */

/**
 * The two lookup values: the address in the form the function stores it (storedEmailForm), the number as typed.
 * @param {Requester} who
 */
const lookup = ({ email, phone }) => [email ? storedEmailForm(email) : null, phone || null];

/**
 * Every stored row for an address or a number, any spelling of it, oldest first: by its mailbox
 * (public.mailbox: without a +tag, without regard to case), or by its number (public.phone_number).
 * @param {import("postgres").Sql} sql
 * @param {Requester} who
 * @returns {Promise<StoredRow[]>}
 */
export async function storedFor(sql, who) {
  const [email, phone] = lookup(who);
  const rows = await sql`select r as row from public.requester_rows(${email}, ${phone}) r`;
  return rows.map((row) => storedRow(row.row));
}

/**
 * Erases everything stored for an address or a number, any spelling of it (GDPR art. 17); answers how many requests.
 * @param {import("postgres").Sql} sql
 * @param {Requester} who
 * @returns {Promise<number>}
 */
export async function forget(sql, who) {
  const [email, phone] = lookup(who);
  const [{ deleted }] = await sql`select public.forget_requester(${email}, ${phone}) as deleted`;
  return deleted;
}
