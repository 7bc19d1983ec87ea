// The behaviour of send-contact-email and retry-quote-emails against a real database and a real SMTP
// server: the harness. The cases are in tests/backend/function/, one file per concern; each runs them
// all against one backend on PostgreSQL 15: in process (the handlers served from the test's own
// process: fast; function.test.js), and under Deno as deployed for the cases marked `deno`
// (function-deno.test.js), which show what the runtime itself does (serving and parsing HTTP, the
// environment, the log on stdout, no waitUntil). The local stack's PGlite is covered by the journeys
// that `npm start` serves (tests/backend/local-stack.test.js, the browser tests).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CRON_SECRET, SITE_URL, startBackend } from "../support/function.js";
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { closeServer, listen } from "../../dev/local/servers.js";
import { startSmsStandIn } from "../../dev/local/sms-stand-in.js";
import { promisify } from "node:util";
import { deliveriesOf, dueNow, requestRows } from "../support/rows.js";

export const REGISTERED_PARTNER = "https://registered-partner.example";

export const VALID = Object.freeze({
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  email: "jens.hansen@example.dk",
  location: "Køge",
  message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
});

let phones = 0;
/**
 * A phone number no other request of the run has used: for cases that send more requests than one
 * number may have sent in the window (RATE_LIMIT_PER_PHONE_TOTAL) and are about something else.
 */
export const anotherPhone = () => `20 ${String(Math.floor(++phones / 100)).padStart(2, "0")} 00 ${String(phones % 100).padStart(2, "0")}`;

/** What the functions may never log: the customer's data, and the test clients' addresses (10.x.x.x). */
const PERSONAL_DATA = [VALID.name, VALID.email, VALID.phone, "Jens", "eltavlen", "victim@example.com"];

/**
 * Every line is one JSON entry, and none holds the customer's personal data or a client's address.
 * @param {string[]} lines
 */
export function expectLogWithoutPersonalData(lines) {
  for (const line of lines) {
    expect(() => JSON.parse(line), line).not.toThrow();
    for (const secret of PERSONAL_DATA) expect(line).not.toContain(secret);
    expect(line).not.toMatch(/\b10\.\d+\.\d+\.\d+\b/);
  }
}

/**
 * The most SMS a day the suites' functions send: well over what any case stores, so that only the case
 * about the cap meets it (it starts an instance with a cap of its own).
 */
const SMS_DAILY_LIMIT = 1000;

/** @typedef {Awaited<ReturnType<typeof startBackend>>} Backend */

/**
 * The body the function posts to the firm's alert channel (supabase/functions/_shared/channels.ts).
 * @typedef {{ event: string, text: string, requestIds: string[], failed: number, held: number, count: number }} Alert
 */

/**
 * One backend (database, mailbox, both functions, the alert channel) and the helpers the cases use.
 * The backend's parts are there once the file's cases start (read them inside a case, not at its
 * definition); the helpers can be taken at definition. `install()` adds the hooks that start it.
 * @param {() => Promise<import("../support/databases.js").TestDatabase>} startDatabase
 * @param {"in-process" | "deno"} runtime
 */
function createHarness(startDatabase, runtime) {
  /** @type {Backend | undefined} */
  let backend;
  const started = () => {
    if (!backend) throw new Error("the backend is started before the first case");
    return backend;
  };
  let client = 0;
  /** What the firm's alert channel (ALERT_WEBHOOK_URL) received: a local HTTP server keeps each JSON body. @type {Alert[]} */
  const alerts = [];
  /**
   * How the alert channel answers the next posts: each entry is used once ("fail": 500, "hang": never
   * answers, and is counted in `hung`); when none is left, 204.
   * @type {("fail" | "hang")[]}
   */
  const webhookPlan = [];
  /** @type {import("node:http").ServerResponse[]} The posts the webhook holds unanswered. */
  const hung = [];
  /** @type {{ url: string, stop: () => Promise<void> } | undefined} */
  let webhook;
  /** @type {Awaited<ReturnType<typeof startSmsStandIn>> | undefined} */
  let smsStandIn;

  /**
   * The answer, once the e-mail the function sends after answering has had its first attempt (with
   * `settle` false at once: while the database is away there is nothing to wait for, nor a way to see it).
   * @param {Promise<Response>} answer
   */
  const settled = async (answer, settle = true) => {
    const response = await answer;
    if (settle) await started().settled();
    return response;
  };

  const harness = {
    get database() {
      return started().database;
    },
    get mailbox() {
      return started().mailbox;
    },
    get functions() {
      return started().functions;
    },
    get sql() {
      return started().sql;
    },
    /** The stand-in of the SMS provider (dev/local/sms-stand-in.js): what the firm's phone received. */
    get sms() {
      if (!smsStandIn) throw new Error("the backend is started before the first case");
      return smsStandIn;
    },
    /** Resolves once every request answered so far has had its first e-mail attempt. */
    settled: () => started().settled(),
    alerts,
    webhookPlan,
    hung,
    /** A number no other request of this backend's clients has used. */
    nextClient: () => ++client,
    /**
     * Posts JSON from a fresh client address (so rate limits only apply where a test wants them), as the
     * widgets do: with the fill time they measured (a person's minute, unless the test says otherwise).
     * @param {string | Record<string, unknown>} body the raw body, or fields sent as JSON
     * @param {{ headers?: Record<string, string>, ip?: string, settle?: boolean }} [options]
     */
    post: (body, { headers = {}, ip = `10.0.0.${++client}`, settle = true } = {}) =>
      settled(
        fetch(started().functions.submitUrl, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...headers },
          body: typeof body === "string" ? body : JSON.stringify({ elapsedMs: 60_000, ...body }),
        }),
        settle,
      ),
    /**
     * Posts a plain HTML form as a browser does: with the Origin of the site's page (null: without one).
     * @param {Record<string, string>} fields
     * @param {{ ip?: string, settle?: boolean, origin?: string | null }} [options]
     */
    postForm: (fields, { ip = `10.1.0.${++client}`, settle = true, origin = /** @type {string | null} */ (SITE_URL) } = {}) =>
      settled(
        fetch(started().functions.submitUrl, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": ip,
            ...(origin ? { Origin: origin } : {}),
          },
          body: new URLSearchParams(fields).toString(),
        }),
        settle,
      ),
    /** The requests with the state of the firm's e-mail about each (support/rows.js, requestRows). */
    rows: () => requestRows(started().sql),
    /** The deliveries of one request by channel (support/rows.js). @param {string} id */
    deliveries: (id) => deliveriesOf(started().sql, id),
    /** Makes a request's delivery due now, its backoff passed. @param {string} id */
    dueNow: (id, channel = "mail") => dueNow(started().sql, id, channel),
    retry: (secret = CRON_SECRET) =>
      fetch(started().functions.retryUrl, { method: "POST", headers: { Authorization: `Bearer ${secret}` } }),
    /** The functions' log so far, one line per entry. */
    logLines: () => started().functions.output.join("").split("\n").filter(Boolean),
    /**
     * Runs an operator script (scripts/…) against this backend's database; resolves with its output.
     * @param {string} script
     * @param {...string} args
     */
    script: (script, ...args) =>
      promisify(execFile)(process.execPath, [script, ...args], { env: { ...process.env, SUPABASE_DB_URL: started().database.url } }),
  };

  /** Starts the backend before the cases of the `describe` it is called in, and stops it after them. */
  const install = () => {
    beforeAll(async () => {
      const server = createServer((request, response) => {
        let text = "";
        request.on("data", (chunk) => (text += chunk));
        request.on("end", () => {
          const plan = webhookPlan.shift();
          if (plan === "hang") return hung.push(response);
          if (plan === "fail") return response.writeHead(500).end();
          alerts.push(JSON.parse(text));
          response.writeHead(204).end();
        });
      });
      webhook = { url: `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}/alert`, stop: () => closeServer(server) };
      smsStandIn = await startSmsStandIn();
      backend = await startBackend(startDatabase, {
        runtime,
        // A short body deadline, so the stalled-body case need not wait the default 5 s.
        env: { ALERT_WEBHOOK_URL: webhook.url, BODY_DEADLINE_MS: "800", ...smsStandIn.env(), SMS_DAILY_LIMIT: String(SMS_DAILY_LIMIT) },
        seed: (db) => db`insert into partners (id, name, origin) values ('elportalen', 'Elportalen', ${REGISTERED_PARTNER})`,
      });
    });
    afterAll(async () => {
      try {
        // Whatever the cases sent, refused or failed to deliver, the log holds no personal data.
        if (backend) expectLogWithoutPersonalData(harness.logLines());
      } finally {
        for (const response of hung.splice(0)) response.destroy();
        smsStandIn?.clear();
        await backend?.stop();
        await webhook?.stop();
        await smsStandIn?.stop();
      }
    });
    beforeEach(async () => {
      // The last test's e-mails, sent after their answers, are done before the next test starts.
      await started().settled();
      // With their deliveries; each case starts as a new firm would, no alert sent yet.
      await started().sql`delete from quote_requests`;
      await started().sql`delete from deliveries where channel = 'sms_summary'`;
      smsStandIn?.clear();
      started().mailbox.clear();
      alerts.splice(0);
      webhookPlan.splice(0);
      for (const response of hung.splice(0)) response.destroy();
    });
  };
  return { harness, install };
}

/** @typedef {ReturnType<typeof createHarness>["harness"]} FunctionHarness */
/**
 * Registers a case; `deno` cases also run under Deno, against PostgreSQL 15.
 * @typedef {(name: string, fn: () => Promise<void>, options?: { deno?: boolean }) => void} FunctionCase
 */
/** @typedef {{ name: string, define: (harness: FunctionHarness, it: FunctionCase) => void }} Concern */

/**
 * One concern's cases (tests/backend/function/*.js): `define(harness, it)` registers them with `it`.
 * @param {string} name
 * @param {Concern["define"]} define
 * @returns {Concern}
 */
export const concern = (name, define) => ({ name, define });

/**
 * Runs every concern's cases against one backend: in process (all cases) or under Deno (those marked
 * `deno`); `startDatabase()` returns { url, pause, resume, stop }.
 * @param {string} label
 * @param {() => Promise<import("../support/databases.js").TestDatabase>} startDatabase
 * @param {"in-process" | "deno"} runtime
 * @param {Concern[]} concerns
 */
export function defineFunctionSuite(label, startDatabase, runtime, concerns) {
  describe(`send-contact-email ${label}`, () => {
    const { harness, install } = createHarness(startDatabase, runtime);
    install();
    for (const { name, define } of concerns) {
      /** @type {[string, () => Promise<void>][]} */
      const cases = [];
      define(harness, (caseName, fn, { deno = false } = {}) => {
        if (runtime === "in-process" || deno) cases.push([caseName, fn]);
      });
      if (cases.length === 0) continue;
      describe(name, () => {
        for (const [caseName, fn] of cases) it(caseName, fn);
      });
    }
  });
}
