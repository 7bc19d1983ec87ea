// The statements every request runs use their indexes: with 500,000 stored requests in PostgreSQL 15,
// the plan of the one counting statement (the body of quote_request_recent_counts() in
// supabase/migrations/, read back from the database) scans the client, e-mail and phone indexes, and the
// outbox's look for alerts that are due (claim_deliveries, its statements as auto_explain reports them)
// reads the open deliveries' index; neither scans a table.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannels } from "../../supabase/functions/_shared/channels.ts";
import { parseConfig } from "../../supabase/functions/_shared/config.ts";
import { startPostgres15 } from "../support/databases.js";
import { functionEnv } from "../support/function.js";

let database;
let sql;

beforeAll(async () => {
  database = await startPostgres15();
  sql = postgres(database.url, { max: 1, onnotice: () => {} });
  // 500,000 requests over a year from 50,000 clients, 100,000 addresses and 100,000 numbers (slow on a busy 2-core machine),
  // each with its e-mail sent and its alert settled, as they stand once the outbox is done with them. The
  // triggers stay off for the fill: queueing each request's deliveries one by one is not what is measured here.
  // The migrations' own indexes are dropped for the fill and made again from their definitions after it:
  // built once from the whole table, they cost a fraction of keeping them up to date row by row.
  const indexes = await sql`
    select indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ('quote_requests', 'deliveries')
      and not exists (select from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`;
  await sql.begin(async (fill) => {
    await fill`set local session_replication_role = replica`;
    for (const { indexdef } of indexes) await fill.unsafe(`drop index ${/ INDEX (\S+) ON /.exec(indexdef)?.[1]}`);
    await fill`
    insert into quote_requests (name, phone, email, location, message, client_ip_hash, received_at)
    select 'Jens Hansen', '2' || lpad((n % 100000)::text, 7, '0'), 'kunde' || (n % 100000) || '@example.dk', 'Køge', 'Ny eltavle i villa fra 1972',
      md5((n % 50000)::text) || md5((n % 50000)::text), now() - (n || ' minutes')::interval
    from generate_series(1, 500000) as n`;
    await fill`
    insert into deliveries (channel, request_id, state, attempts, created_at, next_attempt_at, sent_at)
    select channel, q.id, case when channel = 'mail' then 'sent' else 'skipped' end, 1, q.received_at, q.received_at, q.received_at
    from quote_requests q, unnest(array['mail', 'alert']) as channel`;
    for (const { indexdef } of indexes) await fill.unsafe(indexdef);
  });
  await sql`analyze quote_requests`;
  await sql`analyze deliveries`;
}, 300_000);
afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await database?.stop();
});

describe("the statements of every request at 500,000 rows", () => {
  it("count the rate limits through the client, e-mail and phone indexes, not the table", async () => {
    const [{ body }] = await sql`select prosrc as body from pg_proc where proname = 'quote_request_recent_counts'`;
    const rows = await sql.unsafe(`explain ${body}`, [`${"a".repeat(32)}${"a".repeat(32)}`, "kunde42@example.dk", "+45 12 34 56 78", 60]);
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    console.log(`Plan of the rate-limit counts at 500,000 rows:\n${plan}`);
    expect(plan).toMatch(/Index (Only )?Scan using quote_requests_client_recent/);
    expect(plan).toMatch(/Index (Only )?Scan using quote_requests_email_recent|Bitmap Index Scan on quote_requests_email_recent/);
    expect(plan).toMatch(/Index (Only )?Scan using quote_requests_phone_recent|Bitmap Index Scan on quote_requests_phone_recent/);
    expect(plan).not.toMatch(/Seq Scan on quote_requests/);
  });

  it("find the alerts that are due through the open deliveries' index, not the tables", async () => {
    // Two requests held back: their alerts are due at once.
    for (const email of ["holdt1@example.dk", "holdt2@example.dk"])
      await sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash, held)
        values ('Jens Hansen', '12345678', ${email}, 'Køge', 'Ny eltavle i villa fra 1972', 'x', true)`;
    const { alert } = createChannels({
      config: parseConfig(functionEnv(database, "smtps://user:password@127.0.0.1:465")),
      store: { photosOf: async () => [], pushTargets: async () => [], dropPushTarget: async () => {} },
      transport: { send: async () => {} },
      log: () => {},
    });
    /** @type {string[]} */
    const plans = [];
    const explained = postgres(database.url, { max: 1, onnotice: (notice) => plans.push(notice.message) });
    try {
      await explained`load 'auto_explain'`;
      for (const setting of ["log_min_duration = 0", "log_nested_statements = on", "log_level = notice"])
        await explained.unsafe(`set auto_explain.${setting}`);
      const claimed = await explained`select request_id from claim_deliveries(${explained.json({ alert: alert.policy })}, null, 1000)`;
      expect(claimed).toHaveLength(2);
    } finally {
      await explained.end({ timeout: 1 });
    }
    const plan = plans.join("\n");
    console.log(`Plans of the look for due alerts at 500,000 rows:\n${plan}`);
    expect(plan).toMatch(/Index Scan using deliveries_open/);
    expect(plan).not.toMatch(/Seq Scan on (deliveries|quote_requests)/);
  });
});
