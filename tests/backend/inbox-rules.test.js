// The inbox's rules, held by the database itself (supabase/migrations/20261130000000_inbox.sql): each
// inbox_* function reads the caller from the token's claims in `request.jwt.claims`, run as the roles
// Supabase's API uses. Anyone not on the team (signed in or not, with no claims or another person's id)
// reads and changes nothing; a medarbejder works leads but cannot see or change the team; the owner can;
// and the last owner stays.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertLead } from "../support/leads.js";
import { withPostgres15 } from "../support/databases.js";

const OWNER = { id: randomUUID(), email: "ejer@example.dk" };
const WORKER = { id: randomUUID(), email: "medarbejder@example.dk" };
const STRANGER = { id: randomUUID(), email: "fremmed@example.dk" };
let lead = "";

const db = withPostgres15(async (sql) => {
  for (const user of [OWNER, WORKER, STRANGER]) await sql`insert into auth.users (id, email) values (${user.id}, ${user.email})`;
  await sql`insert into team_members (user_id, role) values (${OWNER.id}, 'ejer'), (${WORKER.id}, 'medarbejder')`;
  lead = await insertLead(sql, new Date().toISOString(), { name: "Grethe Jensen", location: "Vestergade 3, 4600 Køge" });
});

/** The claims a verified token of `user` carries. @param {{ id: string, email: string }} user */
const claimsOf = (user) => ({ sub: user.id, email: user.email, role: "authenticated", aud: "authenticated" });

/**
 * Runs `query` in a transaction as `role` with `claims` (none: no setting at all), as the inbox function
 * and PostgREST call the database; answers its rows or throws its error.
 * @param {"anon" | "authenticated"} role
 * @param {object | null} claims
 * @param {(sql: import("postgres").TransactionSql) => Promise<any>} query
 */
const as = (role, claims, query) =>
  db.sql.begin(async (sql) => {
    await sql.unsafe(`set local role ${role}`);
    if (claims) await sql`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
    return await query(sql);
  });

/** The error `promise` fails with, as code and message. @param {Promise<unknown>} promise */
const refusal = (promise) =>
  promise.then(
    () => null,
    (/** @type {any} */ error) => ({ code: error.code, message: error.message }),
  );

const NOT_MEMBER = { code: "42501", message: "not_member" };
const OWNER_ONLY = { code: "42501", message: "owner_only" };

describe("the inbox's rules in PostgreSQL 15", () => {
  it("anon may call none of the inbox's functions and read none of its tables", async () => {
    expect(await refusal(as("anon", claimsOf(OWNER), (sql) => sql`select public.inbox_leads()`))).toMatchObject({ code: "42501" });
    for (const table of ["team_members", "lead_events", "lead_notes", "push_subscriptions", "quote_requests"])
      expect(await refusal(as("anon", null, (sql) => sql.unsafe(`select * from public.${table}`)))).toMatchObject({ code: "42501" });
  });

  it("authenticated reads none of the tables directly, whoever the token names", async () => {
    for (const table of ["team_members", "lead_events", "lead_notes", "push_subscriptions", "quote_requests"])
      expect(await refusal(as("authenticated", claimsOf(OWNER), (sql) => sql.unsafe(`select * from public.${table}`)))).toMatchObject({
        code: "42501",
      });
  });

  it("refuses a caller with no claims, and one signed in who is not on the team", async () => {
    for (const claims of [null, claimsOf(STRANGER), { ...claimsOf(STRANGER), sub: randomUUID() }]) {
      expect(await refusal(as("authenticated", claims, (sql) => sql`select public.inbox_me()`))).toEqual(NOT_MEMBER);
      expect(await refusal(as("authenticated", claims, (sql) => sql`select public.inbox_leads()`))).toEqual(NOT_MEMBER);
      expect(await refusal(as("authenticated", claims, (sql) => sql`select public.inbox_lead(${lead})`))).toEqual(NOT_MEMBER);
      expect(await refusal(as("authenticated", claims, (sql) => sql`select public.inbox_move(${lead}, 'vundet')`))).toEqual(NOT_MEMBER);
      expect(await refusal(as("authenticated", claims, (sql) => sql`select public.inbox_note(${lead}, 'hej')`))).toEqual(NOT_MEMBER);
    }
    expect(await db.sql`select 1 from lead_events union all select 1 from lead_notes`).toHaveLength(0);
  });

  it("takes the caller from the token's subject alone: another member's e-mail in the claims changes nothing", async () => {
    const claims = { ...claimsOf(STRANGER), email: OWNER.email };
    expect(await refusal(as("authenticated", claims, (sql) => sql`select public.inbox_me()`))).toEqual(NOT_MEMBER);
    const [{ me }] = await as("authenticated", { ...claimsOf(WORKER), email: OWNER.email }, (sql) => sql`select public.inbox_me() as me`);
    expect(me).toEqual({ user: { id: WORKER.id, email: WORKER.email }, role: "medarbejder" });
  });

  it("lets a medarbejder list, read, move and note leads, kept with who and when", async () => {
    const [{ list }] = await as("authenticated", claimsOf(WORKER), (sql) => sql`select public.inbox_leads('open', 'grethe') as list`);
    expect(list.leads.map((l) => l.id)).toEqual([lead]);
    expect(list.leads[0]).toMatchObject({ state: "ny", town: "Køge", kind: "quote", source: { type: "site" } });
    const [{ moved }] = await as("authenticated", claimsOf(WORKER), (sql) => sql`select public.inbox_move(${lead}, 'ringet_op') as moved`);
    expect(moved.state).toBe("ringet_op");
    expect(moved.history).toEqual([expect.objectContaining({ by: WORKER.email, state: "ringet_op" })]);
    const [{ noted }] = await as(
      "authenticated",
      claimsOf(WORKER),
      (sql) => sql`select public.inbox_note(${lead}, 'Ringer igen fredag') as noted`,
    );
    expect(noted.notes).toEqual([expect.objectContaining({ by: WORKER.email, text: "Ringer igen fredag" })]);
  });

  it("lists at most 200 leads, the newest", async () => {
    await db.sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash, received_at)
      select 'Mange ' || n, '12345678', 'mange' || n || '@example.dk', 'Køge', 'Ny eltavle i villa fra 1972', 'hash',
        now() - make_interval(days => 1, mins => n) from generate_series(1, 210) n`;
    const [{ list }] = await as("authenticated", claimsOf(WORKER), (sql) => sql`select public.inbox_leads('all', 'mange') as list`);
    expect(list.leads).toHaveLength(200);
    expect(list.leads[0].name).toBe("Mange 1");
    expect(list.leads.at(-1).name).toBe("Mange 200");
    await db.sql`delete from quote_requests where name like 'Mange %'`;
  });

  it("keeps a lost lead's reason, and refuses a loss without one", async () => {
    const [{ before }] = await as("authenticated", claimsOf(WORKER), (sql) => sql`select public.inbox_leads() as before`);
    expect(await refusal(as("authenticated", claimsOf(OWNER), (sql) => sql`select public.inbox_move(${lead}, 'tabt')`))).toEqual({
      code: "22023",
      message: "reason",
    });
    const [{ moved }] = await as(
      "authenticated",
      claimsOf(OWNER),
      (sql) => sql`select public.inbox_move(${lead}, 'tabt', 'For dyrt') as moved`,
    );
    expect(moved.history.at(-1)).toMatchObject({ by: OWNER.email, state: "tabt", reason: "For dyrt" });
    const [{ open }] = await as("authenticated", claimsOf(OWNER), (sql) => sql`select public.inbox_leads() as open`);
    expect(open.leads.map((l) => l.id)).not.toContain(lead);
    // Another member's page, polling the open list for what changed, learns of the loss and reads its
    // list again: a lead closed elsewhere once stayed on it until the page was reloaded.
    const [{ changed }] = await as(
      "authenticated",
      claimsOf(WORKER),
      (sql) => sql`select public.inbox_leads('open', null, ${before.now}) as changed`,
    );
    expect(changed.leads).toEqual([expect.objectContaining({ id: lead, state: "tabt" })]);
  });

  it("lets only the owner see and change the team, read the statement and a customer's data, and erase", async () => {
    for (const call of [
      (sql) => sql`select public.inbox_statement(current_date)`,
      (sql) => sql`select public.inbox_customer('jens@example.dk', null)`,
      (sql) => sql`select public.inbox_erase(null, '12345678')`,
      (sql) => sql`select public.inbox_team()`,
      (sql) => sql`select public.inbox_team_add(${STRANGER.id}, 'ejer')`,
      (sql) => sql`select public.inbox_team_remove(${OWNER.id})`,
    ])
      expect(await refusal(as("authenticated", claimsOf(WORKER), call))).toEqual(OWNER_ONLY);
    const [{ team }] = await as(
      "authenticated",
      claimsOf(OWNER),
      (sql) => sql`select public.inbox_team_add(${STRANGER.id}, 'medarbejder') as team`,
    );
    expect(team.members.map((m) => m.email).sort()).toEqual([STRANGER.email, OWNER.email, WORKER.email].sort());
    const [{ after }] = await as("authenticated", claimsOf(OWNER), (sql) => sql`select public.inbox_team_remove(${STRANGER.id}) as after`);
    expect(after.members.map((m) => m.email)).not.toContain(STRANGER.email);
    expect(await db.sql`select 1 from quote_requests where id = ${lead}`).toHaveLength(1);
    const [{ rows }] = await as("authenticated", claimsOf(OWNER), (sql) => sql`select public.inbox_statement(current_date) as rows`);
    expect(rows.reduce((sum, row) => sum + row.leads, 0)).toBeGreaterThan(0);
  });

  it("never removes or demotes the last owner", async () => {
    expect(await refusal(as("authenticated", claimsOf(OWNER), (sql) => sql`select public.inbox_team_remove(${OWNER.id})`))).toEqual({
      code: "22023",
      message: "last_owner",
    });
    expect(await refusal(db.sql`update team_members set role = 'medarbejder' where user_id = ${OWNER.id}`)).toMatchObject({
      message: "last_owner",
    });
    expect(await refusal(db.sql`delete from auth.users where id = ${OWNER.id}`)).toMatchObject({ message: "last_owner" });
  });

  it("keeps a device's push subscription for its member only", async () => {
    const endpoint = "https://push.example/abc";
    const p256dh = Buffer.alloc(65, 4).toString("base64url");
    const auth = Buffer.alloc(16, 1).toString("base64url");
    expect(
      await refusal(
        as("authenticated", claimsOf(STRANGER), (sql) => sql`select public.inbox_push_subscribe(${endpoint}, ${p256dh}, ${auth})`),
      ),
    ).toEqual(NOT_MEMBER);
    await as("authenticated", claimsOf(WORKER), (sql) => sql`select public.inbox_push_subscribe(${endpoint}, ${p256dh}, ${auth})`);
    await as("authenticated", claimsOf(OWNER), (sql) => sql`select public.inbox_push_unsubscribe(${endpoint})`);
    expect(await db.sql`select user_id from push_subscriptions`).toEqual([{ user_id: WORKER.id }]);
  });
});
