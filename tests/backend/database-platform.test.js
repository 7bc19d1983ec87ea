// The database as Supabase serves it, not as the local stack does: over TLS only (README's URLs say
// sslmode=require; a plaintext client is refused), and through a transaction pooler (Supavisor on port
// 6543; here Debian's pgbouncer in pool_mode = transaction), where settings given at connection start-up
// do not hold, so the function's statement and lock timeouts are set inside each transaction.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestCertificate } from "../../dev/local/certificate.js";
import { runFunction } from "../../dev/local/functions.js";
import { connect } from "../../supabase/functions/_shared/database.ts";
import { createStore } from "../../supabase/functions/_shared/store.ts";
import { startPostgres15 } from "../support/databases.js";
import { functionEnv, MAIL_TO } from "../support/function.js";
import { startMailbox } from "../support/mailbox.js";
import { startTransactionPooler } from "../../dev/local/pgbouncer.js";
import { insertLead } from "../support/leads.js";
import { waitForRow } from "../support/rows.js";

const REQUEST = {
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  location: "Køge",
  message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
  elapsedMs: 60_000,
};
let client = 0;
const post = (url, email, headers = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.8.${Math.floor(++client / 250)}.${client % 250}`, ...headers },
    body: JSON.stringify({ ...REQUEST, email }),
  });
const run = promisify(execFile);

describe("the database over TLS only", () => {
  let certificate;
  let database;
  let mailbox;
  beforeAll(async () => {
    certificate = makeTestCertificate();
    database = await startPostgres15({ tls: certificate });
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await mailbox?.stop();
    await database?.stop();
    certificate?.remove();
  });
  const plainUrl = () => database.url.replace("?sslmode=require", "");

  it("refuses a plaintext client", async () => {
    const plain = postgres(plainUrl(), { max: 1, ssl: false, onnotice: () => {} });
    await expect(plain`select 1`).rejects.toThrow(/no pg_hba\.conf entry .*no encryption/);
    await plain.end({ timeout: 1 });
  });

  it("stores and mails a request through the function with sslmode=require in its URL", async () => {
    expect(database.url).toContain("sslmode=require");
    const fn = await runFunction("send-contact-email", functionEnv(database, mailbox.url));
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const { id } = await (await post(`http://127.0.0.1:${fn.port}/send-contact-email`, "tls@example.dk")).json();
      await waitForRow(sql, (rows) => rows.find((row) => row.id === id && row.mail === "sent"));
      expect((await mailbox.all()).length).toBeGreaterThan(0);
    } finally {
      await sql.end({ timeout: 1 });
      await fn.stop();
    }
  });

  it("lists the undelivered requests with npm run leads, with sslmode=require and with verify-full against the CA", async () => {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    await insertLead(sql, new Date().toISOString(), { email: "ida@example.dk", mail: "failed" });
    await sql.end({ timeout: 1 });
    const leads = (url) =>
      run(process.execPath, ["scripts/leads.js", "--undelivered", "--json"], { env: { ...process.env, SUPABASE_DB_URL: url } });
    const required = JSON.parse((await leads(database.url)).stdout);
    expect(required.requests.map((row) => row.email)).toContain("ida@example.dk");
    const verified = `${plainUrl()}?sslmode=verify-full&sslrootcert=${encodeURIComponent(certificate.caFile)}`;
    expect(JSON.parse((await leads(verified)).stdout).undelivered).toBe(required.undelivered);
    // verify-full really verifies: the system's authorities do not know the test's certificate.
    await expect(leads(`${plainUrl()}?sslmode=verify-full`)).rejects.toThrow();
    // A URL without sslmode is plaintext, which this server refuses.
    await expect(leads(plainUrl())).rejects.toThrow(/no encryption/);
  });
});

describe("the function through a transaction pooler (pgbouncer, pool_mode = transaction)", () => {
  let database;
  let pooler;
  let mailbox;
  let direct;
  beforeAll(async () => {
    database = await startPostgres15();
    pooler = await startTransactionPooler(database.url);
    mailbox = await startMailbox();
    direct = postgres(database.url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await direct?.end({ timeout: 1 });
    await mailbox?.stop();
    await pooler?.stop();
    await database?.stop();
  });

  it("loses nothing a connection start-up setting would have carried: the pooler drops it", async () => {
    const startUp = postgres(pooler.url, { max: 1, prepare: false, connection: { statement_timeout: 300 } });
    expect((await startUp`show statement_timeout`)[0].statement_timeout).toBe("0");
    await startUp.end({ timeout: 1 });
    const inTransaction = connect(pooler.url, 1, 300);
    expect((await inTransaction`show statement_timeout`)[0].statement_timeout).toBe("300ms");
    expect((await inTransaction`show lock_timeout`)[0].lock_timeout).toBe("300ms");
    await inTransaction.end({ timeout: 1 });
  });

  it("has the server end a statement at the deadline and give up a lock wait", async () => {
    const sql = connect(pooler.url, 2, 300);
    try {
      await expect(sql`select pg_sleep(30)`).rejects.toMatchObject({ code: "57014" });
      await direct.begin(async (locked) => {
        await locked`lock table quote_request_photos in access exclusive mode`;
        // The lock wait ends at the deadline on the server, by lock_timeout or statement_timeout (both 300 ms).
        const error = await createStore(sql)
          .photosOf("00000000-0000-4000-8000-000000000000")
          .then(
            () => null,
            (reason) => reason,
          );
        expect(["55P03", "57014"]).toContain(error?.code);
      });
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it("stores every request exactly once, retried ones included, with DATABASE_URL naming the pooler", async () => {
    // Twelve requests about one phone number: its cap (RATE_LIMIT_PER_PHONE_TOTAL) is not what is tested here.
    const env = functionEnv({ url: "postgres://nobody@127.0.0.1:9/unreachable", poolMax: 4 }, mailbox.url, {
      DATABASE_URL: pooler.url,
      RATE_LIMIT_PER_PHONE_TOTAL: "100",
    });
    const fn = await runFunction("send-contact-email", env);
    try {
      const url = `http://127.0.0.1:${fn.port}/send-contact-email`;
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          post(url, `pooled-${index % 12}@example.dk`, { "Idempotency-Key": `pooled-key-${String(index % 12).padStart(4, "0")}-abcdef` }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
      const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).id)));
      expect(ids.size).toBe(12);
      await waitForRow(direct, (rows) => rows.length === 12 && rows.every((row) => row.mail === "sent"));
      // The firm's e-mails (the customers' receipts follow them, and may or may not be in yet).
      expect((await mailbox.all()).filter((mail) => mail.parsed.to?.[0].address === MAIL_TO)).toHaveLength(12);
    } finally {
      await fn.stop();
    }
  });
});
