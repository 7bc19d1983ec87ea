// Leads stored straight into a test database at a chosen moment, for the commands that list and count
// them (scripts/leads.js, scripts/forget-requester.js): the function's own path is tested elsewhere.
import { withPostgres15 } from "./databases.js";
import { runOperatorScript } from "./operator-script.js";

/** @typedef {import("./databases.js").TestDatabase} TestDatabase */

/**
 * A migrated PostgreSQL 15 database (what Supabase runs; the local stack's PGlite is covered by the
 * journeys that `npm start` serves) and a client on it for one describe block (withPostgres15), and
 * `script(name, ...args)`, which runs an operator script against it.
 * @param {(sql: import("postgres").Sql) => Promise<unknown>} [seed]
 */
export function useLeadDatabase(seed = async () => {}) {
  const context = withPostgres15(seed);
  return Object.assign(context, {
    /** @param {string} name @param {string[]} args */
    script: (name, ...args) => runOperatorScript(name, args, { databaseUrl: context.database.url }),
  });
}

/** A valid request's fields; a test overrides what it is about. */
export const LEAD = {
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  email: "jens@example.dk",
  location: "Køge",
  message: "Ny eltavle i villa fra 1972, tak.",
};

/** A call-back's fields (no e-mail, place or message: docs/product.md#call-back-form). */
export const CALLBACK = /** @type {const} */ ({
  kind: "callback",
  name: "Bent Ring",
  phone: "23 45 67 89",
  email: null,
  location: null,
  message: null,
});

/**
 * Stores one lead received at `receivedAt` (an ISO moment) and answers its id. `mail` is the state of the
 * firm's e-mail about it ('sent' unless told: 'due', 'failed', …); `held: true` stores it held back.
 * @param {import("postgres").Sql} sql
 * @param {string} receivedAt
 * @param {{ [field in keyof typeof LEAD]?: string | null } & { kind?: "quote" | "callback" | "booking", call_when?: string | null,
 *   partner_id?: string | null, source_url?: string | null, mail?: string, held?: boolean,
 *   deploy_check?: boolean, idempotency_key?: string | null, user_agent?: string | null }} [fields]
 * @returns {Promise<string>}
 */
export async function insertLead(sql, receivedAt, { mail = "sent", ...fields } = {}) {
  const row = {
    ...LEAD,
    partner_id: null,
    source_url: "https://www.example.dk/kontakt",
    deploy_check: false,
    idempotency_key: null,
    user_agent: "Mozilla/5.0 (test)",
    ...fields,
    received_at: receivedAt,
    client_ip_hash: "hash-of-the-address",
  };
  const [{ id }] = await sql`insert into quote_requests ${sql(row)} returning id`;
  // Its other deliveries are not sent: the retry runs these tests start would otherwise send receipts,
  // SMS and alerts for hand-made rows beside what the tests count.
  await sql`update deliveries set state = case when channel = 'mail' then ${mail} else 'skipped' end,
    sent_at = case when channel = 'mail' and ${mail} = 'sent' then now() end where request_id = ${id}`;
  return id;
}
