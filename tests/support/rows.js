// Waiting for the database to show what a function did after answering (its e-mail goes out after the
// answer): the condition is checked after each look, never a fixed sleep.
/**
 * Resolves with the first quote request `pick(rows)` returns, looking again until `limitMs` has passed.
 * @param {import("postgres").Sql} sql
 * @param {(rows: any[]) => any} pick
 */
export async function waitForRow(sql, pick, limitMs = 20_000) {
  for (const end = Date.now() + limitMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const found = pick(await sql`select * from quote_requests order by received_at`);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no matching quote request within ${limitMs} ms`);
  }
}
