// The scheduled retry as `supabase db push` leaves it: a migration schedules the call with pg_cron
// (Debian's postgresql-15-cron, preloaded as on Supabase), and the job reads the function's URL and
// secret from Vault when it runs, so neither is in the job's text. pg_net and Vault are stand-ins made
// by the test (tests/support/supabase-stand-ins.js); pg_cron 1.4 counts in minutes, so the test runs the
// job's command itself. The function answers the call at once and sends in the background.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFunction } from "../../dev/local/functions.js";
import { parseConfig } from "../../supabase/functions/_shared/config.ts";
import { createChannels } from "../../supabase/functions/_shared/channels.ts";
import { connect } from "../../supabase/functions/_shared/database.ts";
import { createTransport } from "../../supabase/functions/_shared/mail.ts";
import { createOutbox } from "../../supabase/functions/_shared/outbox.ts";
import { createStore } from "../../supabase/functions/_shared/store.ts";
import { createRetryHandler } from "../../supabase/functions/retry-quote-emails/handler.ts";
import { startPostgres15 } from "../support/databases.js";
import { CRON_SECRET, functionEnv, MAIL_TO } from "../support/function.js";
import { startMailbox } from "../support/mailbox.js";
import { deliveriesOf, waitForRow } from "../support/rows.js";
import { SUPABASE_STAND_INS } from "../support/supabase-stand-ins.js";

const insertDueRequest = (sql, email) =>
  sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash)
    values ('Ida Holm', '+45 87 65 43 21', ${email}, 'Næstved', 'Ny stikkontakt i køkkenet, tak.', 'test') returning id`;

describe("the retry schedule from the migrations", () => {
  let database;
  let mailbox;
  let sql;
  let retry;
  beforeAll(async () => {
    database = await startPostgres15({ beforeMigrations: (db) => db.unsafe(SUPABASE_STAND_INS) });
    mailbox = await startMailbox();
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    retry = await runFunction("retry-quote-emails", functionEnv(database, mailbox.url));
  });
  afterAll(async () => {
    await retry?.stop();
    await sql?.end({ timeout: 1 });
    await mailbox?.stop();
    await database?.stop();
  });
  const job = async () => (await sql`select schedule, command from cron.job where jobname = 'retry-quote-emails'`)[0];
  const functionsBase = () => `http://127.0.0.1:${retry.port}/functions/v1`;

  it("is a pg_cron job whose text holds neither the function's URL nor its secret", async () => {
    const { schedule, command } = await job();
    expect(schedule).toBe("*/5 * * * *");
    expect(command).toContain("vault.decrypted_secrets");
    expect(command).not.toContain(CRON_SECRET);
    expect(command).not.toMatch(/https?:\/\//);
    // Before the values are in Vault the job calls nothing.
    await sql.unsafe(command);
    expect(await sql`select * from net.recorded_calls`).toHaveLength(0);
  });

  it("calls the function with the secret from Vault once `npm run schedule:retry` has put them there, and the call sends what is due", async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ["scripts/schedule-retry.js", functionsBase()], {
      env: { ...process.env, SUPABASE_DB_URL: database.url, CRON_SECRET },
    });
    expect(stdout).toContain(`${functionsBase()}/retry-quote-emails`);
    // Run twice (a changed secret): the values are updated, not doubled.
    await run(process.execPath, ["scripts/schedule-retry.js", functionsBase()], {
      env: { ...process.env, SUPABASE_DB_URL: database.url, CRON_SECRET },
    });
    expect(await sql`select name from vault.secrets order by name`).toHaveLength(2);

    const [{ id }] = await insertDueRequest(sql, "planlagt@example.dk");
    await sql.unsafe((await job()).command);
    const [call] = await sql`select * from net.recorded_calls`;
    expect(call.url).toBe(`${functionsBase()}/retry-quote-emails`);
    expect(call.headers.Authorization).toBe(`Bearer ${CRON_SECRET}`);
    // What pg_net would send, sent: the function takes it and the e-mail goes out.
    const answer = await fetch(call.url, { method: "POST", headers: call.headers, body: JSON.stringify(call.body) });
    expect(answer.ok).toBe(true);
    await waitForRow(sql, (rows) => rows.find((row) => row.id === id && row.mail === "sent"));
    // The firm's e-mail, then the customer's receipt, which the same call sends once the firm's is out.
    expect((await mailbox.all()).map((mail) => mail.parsed.to[0].address)).toEqual([MAIL_TO, "planlagt@example.dk"]);
  });
});

describe("retry-quote-emails on the Edge Runtime", () => {
  it("answers 202 at once and sends the batch in the background (EdgeRuntime.waitUntil)", async () => {
    const database = await startPostgres15();
    const mailbox = await startMailbox();
    const config = parseConfig(functionEnv(database, mailbox.url));
    const pool = connect(config.dbUrl, 2, config.requestDeadlineMs);
    const transport = createTransport(config);
    // The mail server's answer is held until the test has the function's answer.
    let release = () => {};
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    const heldTransport = { send: async (message) => held.then(() => transport.send(message)) };
    // The firm's e-mail is what this case follows: the customer's receipt is left out.
    const { receipt, ...channels } = createChannels({ config, store: createStore(pool), transport: heldTransport, log: () => {} });
    const outbox = createOutbox(pool, channels, () => {});
    const background = [];
    const handle = createRetryHandler({ config, outbox, log: () => {}, waitUntil: (work) => background.push(work) });
    try {
      const [{ id }] = await insertDueRequest(pool, "baggrund@example.dk");
      const answer = await handle(
        new Request("http://127.0.0.1/retry-quote-emails", { method: "POST", headers: { Authorization: `Bearer ${CRON_SECRET}` } }),
      );
      expect(answer.status).toBe(202);
      expect(background).toHaveLength(1);
      release();
      await Promise.all(background);
      expect((await deliveriesOf(pool, id)).mail.state).toBe("sent");
      expect(await mailbox.all()).toHaveLength(1);
    } finally {
      await pool.end({ timeout: 1 });
      await mailbox.stop();
      await database.stop();
    }
  });
});
