// The rate-limit counts use their indexes: with 500,000 stored requests in PostgreSQL 15,
// the plan of the one counting statement (the body of quote_request_recent_counts() in
// supabase/migrations/, read back from the database) scans the client, e-mail and phone indexes,
// never the table.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAKE_UNALERTED } from "../../supabase/functions/_shared/store.ts";
import { startPostgres15 } from "../support/databases.js";

let database;
let sql;

beforeAll(async () => {
  database = await startPostgres15();
  sql = postgres(database.url, { max: 1, onnotice: () => {} });
  // 500,000 requests over a year from 50,000 clients, 100,000 addresses and 100,000 numbers (slow on a busy 2-core machine).
  // The triggers stay off for the fill: an SMS row for each of them is not what is measured here, and
  // doubled its time.
  await sql.begin(async (fill) => {
    await fill`set local session_replication_role = replica`;
    await fill`
    insert into quote_requests (name, phone, email, location, message, client_ip_hash, received_at, notification_status)
    select 'Jens Hansen', '2' || lpad((n % 100000)::text, 7, '0'), 'kunde' || (n % 100000) || '@example.dk', 'Køge', 'Ny eltavle i villa fra 1972',
      md5((n % 50000)::text) || md5((n % 50000)::text), now() - (n || ' minutes')::interval, 'sent'
    from generate_series(1, 500000) as n`;
  });
  await sql`analyze quote_requests`;
}, 300_000);
afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await database?.stop();
});

describe("the rate-limit counts at 500,000 rows", () => {
  it("scan the client, e-mail and phone indexes, not the table", async () => {
    const [{ body }] = await sql`select prosrc as body from pg_proc where proname = 'quote_request_recent_counts'`;
    const rows = await sql.unsafe(`explain ${body}`, [`${"a".repeat(32)}${"a".repeat(32)}`, "kunde42@example.dk", "+45 12 34 56 78", 60]);
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    console.log(`Plan of the rate-limit counts at 500,000 rows:\n${plan}`);
    expect(plan).toMatch(/Index (Only )?Scan using quote_requests_client_recent/);
    expect(plan).toMatch(/Index (Only )?Scan using quote_requests_email_recent|Bitmap Index Scan on quote_requests_email_recent/);
    expect(plan).toMatch(/Index (Only )?Scan using quote_requests_phone_recent|Bitmap Index Scan on quote_requests_phone_recent/);
    expect(plan).not.toMatch(/Seq Scan on quote_requests/);
  });

  it("find the undelivered requests the firm was not told about through their index, not the table", async () => {
    const rows = await sql.unsafe(`explain ${TAKE_UNALERTED}`);
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    console.log(`Plan of the undelivered-requests check at 500,000 rows:\n${plan}`);
    expect(plan).toMatch(/quote_requests_unalerted/);
    expect(plan).not.toMatch(/Seq Scan on quote_requests/);
  });
});
