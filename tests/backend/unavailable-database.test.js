// A database the function cannot use, for every reason the visitor must get the phone number instead:
// it hangs, a lock is never released, it has no connection left.
//
// A database that hangs instead of failing: after a warm-up request, PostgreSQL 15 is stopped with
// SIGSTOP (the server and its backends: the pooled connection stays open and silent). Every request
// must still be answered at REQUEST_DEADLINE_MS (short here, so the test need not wait 8 s): a 503 with
// the phone number while its own statement is still unanswered, and a preflight from the last good
// partner list while the list's reread is still unanswered. No answer is timed: one that waited for the
// database would come only after the database is thawed, and the request's own abort fails it first.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, startBackend } from "../support/function.js";
import { startPostgres15 } from "../support/databases.js";
import { watchStatements } from "../support/statement-watch.js";
import { VALID } from "./function-suite.js";

const DEADLINE_MS = 1_500;
const PARTNER = "https://hung-partner.example";

let client = 0;
/** Posts a valid request; resolves with its status, body and headers. */
const postTo = async (backend, email) => {
  const response = await fetch(backend.functions.submitUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.3.0.${++client}` },
    body: JSON.stringify({ ...VALID, email, elapsedMs: 60_000 }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
};

describe("send-contact-email with a hung database, on PostgreSQL 15", () => {
  let backend;
  const watch = watchStatements();
  beforeAll(async () => {
    backend = await startBackend(startPostgres15, {
      env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS) },
      wrapSql: watch.wrapSql,
      seed: (sql) => sql`insert into partners (id, name, origin) values ('hungpartner', 'Hung Partner', ${PARTNER})`,
      // Every request finds the partner list due for a reread, so a hung reread would show.
      handlerOptions: { partnerListTtlMs: 0 },
    });
  });
  afterAll(async () => {
    await backend?.database.thaw();
    await backend?.stop();
  });

  const post = (email) => postTo(backend, email);

  it("answers 503 with the phone number at the deadline, preflights without the database, and works again when it does", async () => {
    expect((await post("opvarmning@example.dk")).status).toBe(200);
    await backend.settled();
    await backend.database.freeze();

    const preflight = await fetch(backend.functions.submitUrl, {
      method: "OPTIONS",
      headers: { Origin: PARTNER, "Access-Control-Request-Method": "POST" },
      signal: AbortSignal.timeout(30_000),
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(PARTNER);
    // The list was due for a reread, which the hung database has not answered: the preflight did not wait for it.
    expect(watch.outstanding("from partners")).not.toEqual([]);

    const hung = await post("haengt@example.dk");
    expect(hung.status).toBe(503);
    expect(hung.body.error).toContain(PHONE);
    expect(hung.headers.get("retry-after")).toBe("60");
    // The function gave up at its deadline: the hung database never answered the submission.
    expect(watch.outstanding("submit_quote_request")).toHaveLength(1);

    await backend.database.thaw();
    await expect.poll(async () => (await post(`igen-${Date.now()}@example.dk`)).status, { timeout: 20_000, interval: 500 }).toBe(200);
  }, 90_000);
});

// A lock that is never released (a migration or a manual transaction left open): the function stops
// waiting at its deadline, and so does the server (statement_timeout and lock_timeout on the function's
// connections), so no request is left queued behind the lock. PGlite has one session, so no second
// client can hold a lock against the function there: PostgreSQL 15 only.
describe("send-contact-email behind a lock that is never released, on PostgreSQL 15", () => {
  let backend;
  beforeAll(async () => {
    backend = await startBackend(startPostgres15, { env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS) } });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it("answers 503 with the phone number, the server gives up the lock wait too, and it stores again once the lock is gone", async () => {
    expect((await postTo(backend, "laas-opvarmning@example.dk")).status).toBe(200);
    await backend.settled();
    // The test's client has two connections: one holds the lock in a transaction, the other looks on.
    const { sql } = backend;
    const queued = async () => (await sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`)[0].n;
    await sql.begin(async (transaction) => {
      await transaction`lock table public.quote_requests in access exclusive mode`;
      const locked = await postTo(backend, "laast@example.dk");
      expect(locked.status).toBe(503);
      expect(locked.body.error).toContain(PHONE);
      // Answered while the lock is still held: the function stopped waiting for it.
      // Still inside the holder's transaction: the function's statement was cancelled by the server.
      await expect.poll(queued, { timeout: 2 * DEADLINE_MS + 3_000, interval: 200 }).toBe(0);
    });
    expect((await postTo(backend, "laas-igen@example.dk")).status).toBe(200);
  }, 60_000);
});

// A database with no connection left for the function (SQLSTATE 53300, too_many_connections): for the
// visitor the same as one that cannot be reached. On Supabase the function logs in as a role that is not
// a superuser, so a connection limit applies to it; here a role like it has a limit of one, which the
// test takes while the function's own connection is gone.
describe("send-contact-email when the database has no connection left, on PostgreSQL 15", () => {
  const ROLE = "quote_function";
  let backend;
  let admin;
  beforeAll(async () => {
    backend = await startBackend(async () => {
      const database = await startPostgres15();
      // The test's own superuser client: it makes the role, and later watches and ends its connections.
      admin = postgres(database.url, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create role ${ROLE} login connection limit 1 in role postgres`);
      return { ...database, url: database.url.replace("//postgres@", `//${ROLE}@`), poolMax: 1 };
    });
  });
  afterAll(async () => {
    await admin?.end({ timeout: 1 });
    await backend?.stop();
  });

  it("answers 503 with the phone number while the role's connections are taken, and stores again once one is free", async () => {
    expect((await postTo(backend, "fuld-opvarmning@example.dk")).status).toBe(200);
    await backend.settled();
    // The function's connection goes (a restart, an idle timeout), and someone else takes the one slot.
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${ROLE}`;
    await expect.poll(async () => (await admin`select count(*)::int as n from pg_stat_activity where usename = ${ROLE}`)[0].n).toBe(0);
    const squatter = postgres(backend.database.url, { max: 1, onnotice: () => {} });
    await squatter`select 1`;
    const refused = postgres(backend.database.url, { max: 1, onnotice: () => {} });
    await expect(refused`select 1`).rejects.toMatchObject({ code: "53300" });
    await refused.end({ timeout: 1 });

    const full = await postTo(backend, "fuld@example.dk");
    expect(full.status).toBe(503);
    expect(full.body.error).toContain(PHONE);
    expect(full.headers.get("retry-after")).toBe("60");

    await squatter.end({ timeout: 1 });
    await expect
      .poll(async () => (await postTo(backend, `fuld-igen-${Date.now()}@example.dk`)).status, { timeout: 20_000, interval: 500 })
      .toBe(200);
    const stored = await admin`select email from quote_requests where email like 'fuld%' order by received_at`;
    expect(stored.map((row) => row.email)).not.toContain("fuld@example.dk");
  }, 60_000);
});
