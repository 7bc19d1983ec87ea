// Reading what the functions stored and sent: the requests, and their deliveries in the outbox (the
// firm's e-mail, the receipt, the SMS, the alert), which go out after the answer. Waiting for them is a
// condition checked after each look, never a fixed sleep.

/**
 * Every quote request, oldest first, with the delivery of the firm's e-mail about it: `mail` is its state
 * ('held' for a request held back, which has none), `attempts`, `last_error` and `next_attempt_at` its own.
 * @param {import("postgres").Sql} sql
 */
export const requestRows = (sql) =>
  sql`select q.*, case when q.held then 'held' else m.state end as mail, m.attempts, m.note as last_error, m.next_attempt_at
    from quote_requests q left join deliveries m on m.request_id = q.id and m.channel = 'mail' order by q.received_at`;

/**
 * The deliveries of one request by channel: { mail: { state, attempts, note, … }, receipt: …, sms: …, alert: … }.
 * @param {import("postgres").Sql} sql
 * @param {string} requestId
 * @returns {Promise<Record<string, any>>}
 */
export async function deliveriesOf(sql, requestId) {
  const rows = await sql`select * from deliveries where request_id = ${requestId}`;
  return Object.fromEntries(rows.map((row) => [row.channel, row]));
}

/**
 * Makes a request's delivery on `channel` due now, as if its backoff had passed.
 * @param {import("postgres").Sql} sql
 * @param {string} requestId
 */
export const dueNow = (sql, requestId, channel = "mail") =>
  sql`update deliveries set next_attempt_at = now() where request_id = ${requestId} and channel = ${channel}`;

/**
 * Resolves with the first quote request `pick(rows)` returns (rows as requestRows reads them), looking
 * again until `limitMs` has passed.
 * @param {import("postgres").Sql} sql
 * @param {(rows: any[]) => any} pick
 */
export async function waitForRow(sql, pick, limitMs = 20_000) {
  for (const end = Date.now() + limitMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const found = pick(await requestRows(sql));
    if (found) return found;
    if (Date.now() > end) throw new Error(`no matching quote request within ${limitMs} ms`);
  }
}
