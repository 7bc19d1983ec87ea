// Leads stored straight into a test database at a chosen moment, for the commands that list and count
// them (scripts/leads.js, scripts/forget-requester.js): the function's own path is tested elsewhere.

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
 * @param {Partial<typeof LEAD> & { partner_id?: string | null, source_url?: string | null, notification_status?: string,
 *   deploy_check?: boolean, idempotency_key?: string | null, user_agent?: string | null }} [fields]
 * @returns {Promise<string>}
 */
export async function insertLead(sql, receivedAt, fields = {}) {
  const row = {
    ...LEAD,
    partner_id: null,
    source_url: "https://www.example.dk/kontakt",
    notification_status: "sent",
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
