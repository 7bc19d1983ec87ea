// Runs the real Edge Functions under Deno for the backend tests, against a given database and mailbox.
import postgres from "postgres";
import { runFunction } from "../../scripts/local/functions.js";
import { startMailbox } from "./mailbox.js";

export const SITE_URL = "https://www.eksempel-el.example";
export const PARTNER_ORIGIN = "https://partner.example";
export const CRON_SECRET = "test-cron-secret-0123456789";
export const PHONE = "12 34 56 78";

/** The function environment for the tests, for a database from ./databases.js (override any variable with `extra`). */
export function functionEnv(database, smtpUrl, extra = {}) {
  return {
    SUPABASE_DB_URL: database.url,
    DB_POOL_MAX: String(database.poolMax),
    SITE_URL,
    ALLOWED_ORIGINS: PARTNER_ORIGIN,
    SMTP_URL: smtpUrl,
    MAIL_FROM: "Hjemmesiden <hjemmeside@eksempel-el.example>",
    MAIL_TO: "kontakt@eksempel-el.example",
    BUSINESS_PHONE: PHONE,
    IP_HASH_SALT: "test-salt-0123456789abcdef",
    CRON_SECRET,
    ...extra,
  };
}

/** Starts send-contact-email and retry-quote-emails; `output` collects everything they log. */
export async function startFunctions(env) {
  const output = [];
  const onOutput = (_name, text) => output.push(text);
  const [submit, retry] = await Promise.all([
    runFunction("send-contact-email", env, { onOutput }),
    runFunction("retry-quote-emails", env, { onOutput }),
  ]);
  return {
    submitUrl: `http://127.0.0.1:${submit.port}/send-contact-email`,
    retryUrl: `http://127.0.0.1:${retry.port}/retry-quote-emails`,
    output,
    stop: () => Promise.all([submit.stop(), retry.stop()]),
  };
}

/**
 * Everything a backend test needs, started together: a database (from ./databases.js), a mailbox, a
 * Postgres client, and both functions. `seed(sql)` runs before the functions start.
 * @param {() => Promise<import("./databases.js").TestDatabase>} startDatabase
 * @param {{ env?: Record<string, string>, seed?: (sql: import("postgres").Sql) => Promise<unknown> }} [options]
 */
export async function startBackend(startDatabase, { env = {}, seed = async () => {} } = {}) {
  const database = await startDatabase();
  const mailbox = await startMailbox();
  const sql = postgres(database.url, { prepare: false, max: 2, onnotice: () => {} });
  await seed(sql);
  const functions = await startFunctions(functionEnv(database, mailbox.url, env));
  return {
    database,
    mailbox,
    sql,
    functions,
    async stop() {
      await functions.stop();
      await sql.end({ timeout: 1 });
      await mailbox.stop();
      await database.stop();
    },
  };
}
