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

/**
 * Stores one lead received at `receivedAt` (an ISO moment) and answers its id.
 * @param {import("postgres").Sql} sql
 * @param {string} receivedAt
 * @param {{ [field in keyof typeof LEAD]?: string | null } & { kind?: "quote" | "callback", call_when?: string | null,
 *   partner_id?: string | null, source_url?: string | null, notification_status?: string,
 *   deploy_check?: boolean, idempotency_key?: string | null, user_agent?: string | null }} [fields]
 * @returns {Promise<string>}
 */
export async function insertLead(sql, receivedAt, fields = {}) {
  const row = {
    ...LEAD,
    partner_id: null,
    source_url: "https://www.example.dk/kontakt",
    notification_status: "sent",
    // Hand-made rows get no customer receipt (as rows stored before receipts): the retry runs these
    // tests start would otherwise send receipts for them beside what the tests count.
    receipt_status: null,
    deploy_check: false,
    idempotency_key: null,
    user_agent: "Mozilla/5.0 (test)",
    ...fields,
    received_at: receivedAt,
    client_ip_hash: "hash-of-the-address",
  };
  const [{ id }] = await sql`insert into quote_requests ${sql(row)} returning id`;
  return id;
}
