// Runs the real Edge Functions under Deno for the backend tests, against a given database and mailbox.
import postgres from "postgres";
import { LOCAL_SECRETS, localFunctionEnv } from "../../dev/local/function-env.js";
import { runFunction } from "../../dev/local/functions.js";
import { business } from "./site.js";
import { createChannels } from "../../supabase/functions/_shared/channels.ts";
import { parseConfig } from "../../supabase/functions/_shared/config.ts";
import { logLine } from "../../supabase/functions/_shared/log.ts";
import { createTransport } from "../../supabase/functions/_shared/mail.ts";
import { createOutbox } from "../../supabase/functions/_shared/outbox.ts";
import { connect } from "../../supabase/functions/_shared/database.ts";
import { createSiteFacts } from "../../supabase/functions/_shared/site-facts.ts";
import { createStore } from "../../supabase/functions/_shared/store.ts";
import { createRetryHandler } from "../../supabase/functions/retry-quote-emails/handler.ts";
import { createHandler } from "../../supabase/functions/send-contact-email/handler.ts";
import { startMailbox } from "./mailbox.js";
import { serveFetchHandler } from "./serve-fetch-handler.js";

export const SITE_URL = business.site.url;
/** A partner site that is not registered (a test registers its partners with `seed`). */
export const PARTNER_ORIGIN = "https://partner.example";
export const CRON_SECRET = LOCAL_SECRETS.CRON_SECRET;
export const PHONE = business.phone.display;
export const MAIL_TO = business.email;
/** A port of this machine that nobody serves (discard, 9): connections are refused at once. */
export const UNSERVED_FACTS_URL = "http://127.0.0.1:9/site-facts.json";

/**
 * The function environment for the tests, for a database from ./databases.js.
 * @param {{ url: string, poolMax: number }} database
 * @param {string} smtpUrl
 * @param {Record<string, string | undefined>} [extra] any variable the test is about (undefined leaves it out)
 */
export function functionEnv(database, smtpUrl, extra = {}) {
  // SITE_URL is the real site's, which the tests may not reach: the facts' file is read from a port of
  // this machine that nobody serves, so the functions use the database's copy (migrations.js wrote it).
  return localFunctionEnv(
    { databaseUrl: database.url, smtpUrl, siteUrl: SITE_URL, poolMax: database.poolMax },
    { SITE_FACTS_URL: UNSERVED_FACTS_URL, ...extra },
  );
}

/**
 * Both functions in this process: their handlers (createHandler, createRetryHandler) with the real
 * store, outbox and configuration, served on free ports. What Deno itself does (serving, reading the
 * environment, the log on stdout) is left to the Deno runs. `handlerOptions` are the handler's own
 * test settings (its partner list's age); `wrapSql` lets a test watch the statements the store and the
 * outbox send. `receipts` false leaves the receipt's channel out (see startBackend).
 * @param {Record<string, string>} env
 * @param {{ partnerListTtlMs?: number }} [handlerOptions]
 * @param {(sql: import("postgres").Sql) => import("postgres").Sql} [wrapSql]
 */
export async function startInProcessFunctions(env, handlerOptions = {}, wrapSql = (sql) => sql, receipts = false) {
  /** @type {string[]} the functions' log lines */
  const output = [];
  const config = parseConfig(env);
  const sql = connect(config.dbUrl, config.dbPoolMax, config.requestDeadlineMs);
  const watched = wrapSql(sql);
  const log = (/** @type {import("../../supabase/functions/_shared/log.ts").LogFields} */ fields) => output.push(`${logLine(fields)}\n`);
  const store = createStore(watched);
  // As index.ts builds them (the SMS ones with the SMS secrets only); the receipt's only when asked.
  const channels = createChannels({ config, store, transport: createTransport(config), log });
  if (!receipts) delete channels.receipt;
  const deps = {
    config,
    store,
    outbox: createOutbox(watched, channels, log),
    log,
    siteFacts: createSiteFacts(sql, { url: config.siteFactsUrl, ttlMs: config.siteFactsTtlMs, log }),
  };
  const handler = createHandler({ ...deps, ...handlerOptions });
  const [submit, retry] = await Promise.all([serveFetchHandler(handler), serveFetchHandler(createRetryHandler(deps))]);
  return {
    submitUrl: `http://127.0.0.1:${submit.port}/send-contact-email`,
    retryUrl: `http://127.0.0.1:${retry.port}/retry-quote-emails`,
    output,
    /** Resolves once the e-mails sent after their answers are done. */
    settled: () => handler.settled(),
    async stop() {
      await Promise.all([submit.stop(), retry.stop()]);
      await handler.settled();
      await sql.end({ timeout: 1 });
    },
  };
}

/**
 * Starts send-contact-email and retry-quote-emails under Deno; `output` collects everything they log.
 * @param {Record<string, string>} env
 */
export async function startFunctions(env) {
  /** @type {string[]} */
  const output = [];
  const onOutput = (/** @type {string} */ _name, /** @type {string} */ text) => output.push(text);
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
 * `runtime` "deno" runs the functions under Deno as deployed; "in-process" runs their handlers here.
 * `handlerOptions` and `wrapSql` go to the in-process functions (see startInProcessFunctions).
 * `receipts` true sends customers' receipts as deployed; otherwise they are off (the database's setting,
 * under Deno too), so that the suites about the firm's e-mail see only the firm's e-mails.
 * @param {{ env?: Record<string, string | undefined>, seed?: (sql: import("postgres").Sql) => Promise<unknown>, runtime?: "deno" | "in-process",
 *   handlerOptions?: { partnerListTtlMs?: number }, wrapSql?: (sql: import("postgres").Sql) => import("postgres").Sql,
 *   receipts?: boolean }} [options]
 */
export async function startBackend(
  startDatabase,
  { env = {}, seed = async () => {}, runtime = "in-process", handlerOptions, wrapSql, receipts = false } = {},
) {
  const database = await startDatabase();
  const mailbox = await startMailbox();
  const sql = postgres(database.url, { prepare: false, max: 2, onnotice: () => {} });
  await seed(sql);
  if (!receipts) {
    // On a connection of its own, closed again: some tests give the function a role with one connection.
    const once = postgres(database.url, { prepare: false, max: 1, onnotice: () => {} });
    await once`update receipt_settings set send = false`;
    await once.end();
  }
  const environment = functionEnv(database, mailbox.url, env);
  const functions =
    runtime === "deno" ? await startFunctions(environment) : await startInProcessFunctions(environment, handlerOptions, wrapSql, receipts);
  return {
    database,
    mailbox,
    sql,
    functions,
    /**
     * Resolves once every request answered so far has had its first e-mail attempt, which the function
     * makes after answering: in process, the handler says so; under Deno, no recent row is still waiting
     * for its first attempt or being sent.
     */
    async settled() {
      if ("settled" in functions) return functions.settled();
      for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) {
        const [{ waiting }] = await sql`
          select count(*)::int as waiting from deliveries
          where channel = 'mail' and created_at > now() - interval '5 minutes'
            and (state = 'sending' or (state = 'due' and attempts = 0))`;
        if (waiting === 0) return;
      }
      throw new Error("the e-mails after the answers were not all attempted within 20 s");
    },
    async stop() {
      await functions.stop();
      await sql.end({ timeout: 1 });
      await mailbox.stop();
      await database.stop();
    },
  };
}

/**
 * The function's Danish answer to a page that is not registered, which names the firm's phone number:
 * what the tests read to see which copy of the site's facts a function uses.
 * @param {string} apiUrl the functions' base URL
 * @returns {Promise<string>}
 */
export const refusalOf = async (apiUrl) =>
  (
    await (
      await fetch(`${apiUrl}/functions/v1/send-contact-email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://fremmed.example" },
        body: "{}",
      })
    ).json()
  ).error;
