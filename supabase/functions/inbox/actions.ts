// The inbox's actions (README.md, "The HTTP contract"): each checks its input, then asks the database,
// where the rules are (every inbox_* function checks the caller itself). `asCaller` runs its work as the
// verified caller, in one transaction.
import type postgres from "postgres";
import { accessLetter, type LetterFacts } from "../_shared/access-letter.js";
import type { createAuthAdmin } from "../_shared/auth-admin.js";
import { storedEmailForm } from "../_shared/email-address.js";
import { type StatementRow, statementCsv, totals } from "../_shared/lead-statement.js";
import { mailCopiesReminder, storedRow } from "../_shared/stored-fields.js";
import type { MessageKey } from "./messages.ts";

/** A refusal of the input, answered with its status and Danish message. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
  ) {
    super(key);
  }
}

export type AsCaller = <T>(work: (sql: postgres.TransactionSql) => Promise<T>) => Promise<T>;
export type ActionDeps = { asCaller: AsCaller; admin: ReturnType<typeof createAuthAdmin>; vapidPublicKey?: string };
type Params = Record<string, unknown>;
/** A photo is bytes with their type, not JSON. */
export type Photo = { photo: { contentType: string; bytes: Uint8Array } };
type Action = (params: Params, deps: ActionDeps) => Promise<Record<string, unknown> | Photo>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$/;

/** A uuid parameter, or the refusal `key`. */
function uuid(value: unknown, key: MessageKey = "id"): string {
  if (typeof value !== "string" || !UUID.test(value)) throw new Refusal(400, key);
  return value;
}

/** An optional string parameter of at most `max` characters, or the refusal `key`. */
function optionalText(value: unknown, max: number, key: MessageKey): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > max) throw new Refusal(400, key);
  return value;
}

/** One jsonb answer of an inbox_* function. */
async function one(rows: Promise<{ result: unknown }[]>): Promise<unknown> {
  const [{ result }] = await rows;
  return result;
}

/** The customer searched for: an e-mail address or a phone number, as typed (one of the two). */
function customerOf(params: Params): { email: string | null; phone: string | null } {
  const email = typeof params.email === "string" && params.email.trim() ? params.email.trim() : null;
  const phone = typeof params.phone === "string" && params.phone.trim() ? params.phone.trim() : null;
  if ((email === null) === (phone === null)) throw new Refusal(400, "customer");
  if (email !== null && (!EMAIL.test(email) || email.length > 254)) throw new Refusal(400, "email");
  if (phone !== null && (phone.replace(/\D/g, "").length < 8 || phone.length > 20)) throw new Refusal(400, "phone");
  return { email, phone };
}

/** What the database holds about the customer (the caller must be the owner), and the facts the letter states. */
async function customerData(sql: postgres.TransactionSql, who: { email: string | null; phone: string | null }) {
  const [{ result }] = await sql<{ result: { requests: Record<string, unknown>[]; facts: Partial<LetterFacts> | null } }[]>`
    select public.inbox_customer(${who.email === null ? null : storedEmailForm(who.email)}, ${who.phone}) as result`;
  return { rows: result.requests.map(storedRow), facts: result.facts };
}

export const ACTIONS: Record<string, Action> = {
  me: async (_params, { asCaller }) => (await asCaller((sql) => one(sql`select public.inbox_me() as result`))) as Record<string, unknown>,

  leads: async (params, { asCaller }) => {
    const view = params.view ?? "open";
    if (view !== "open" && view !== "all") throw new Refusal(400, "view");
    const q = optionalText(params.q, 100, "q");
    const since = optionalText(params.since, 40, "since");
    if (since !== null && Number.isNaN(Date.parse(since))) throw new Refusal(400, "since");
    return (await asCaller((sql) =>
      one(sql`select public.inbox_leads(${view}, ${q}, ${since === null ? null : new Date(since)}) as result`),
    )) as Record<string, unknown>;
  },

  lead: async (params, { asCaller }) => {
    const id = uuid(params.id);
    return { lead: await asCaller((sql) => one(sql`select public.inbox_lead(${id}::uuid) as result`)) };
  },

  photo: async (params, { asCaller }) => {
    const id = uuid(params.id);
    const index = params.index;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 1 || index > 5) throw new Refusal(400, "index");
    const [row] = await asCaller(
      (sql) => sql<{ content_type: string; bytes: Uint8Array }[]>`
      select content_type, bytes from public.inbox_photo(${id}::uuid, ${index})`,
    );
    if (!row) throw new Refusal(404, "noPhoto");
    return { photo: { contentType: row.content_type, bytes: row.bytes } };
  },

  move: async (params, { asCaller }) => {
    const id = uuid(params.id);
    if (typeof params.state !== "string") throw new Refusal(400, "state");
    const reason = optionalText(params.reason, 300, "reason");
    return {
      lead: await asCaller((sql) => one(sql`select public.inbox_move(${id}::uuid, ${params.state as string}, ${reason}) as result`)),
    };
  },

  cancel_booking: async (params, { asCaller }) => {
    const id = uuid(params.id);
    return { lead: await asCaller((sql) => one(sql`select public.inbox_cancel_booking(${id}::uuid) as result`)) };
  },

  note: async (params, { asCaller }) => {
    const id = uuid(params.id);
    const text = optionalText(params.text, 2000, "text");
    if (text === null) throw new Refusal(400, "text");
    return { lead: await asCaller((sql) => one(sql`select public.inbox_note(${id}::uuid, ${text}) as result`)) };
  },

  statement: async (params, { asCaller }) => {
    const month = typeof params.month === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(params.month) ? params.month : null;
    if (month === null) throw new Refusal(400, "month");
    const rows = (await asCaller((sql) => one(sql`select public.inbox_statement(${`${month}-01`}::date) as result`))) as StatementRow[];
    const all = totals(rows);
    return {
      month,
      rows: rows.map((row) => ({
        partner: row.partner_id === "" ? null : (row.partner_name ?? row.partner_id),
        page: row.page || null,
        leads: row.leads,
        won: row.won ?? 0,
        lost: row.lost ?? 0,
      })),
      totals: { leads: all.leads, won: all.won, lost: all.lost },
      csv: statementCsv(month, rows),
    };
  },

  customer: async (params, { asCaller }) => {
    const who = customerOf(params);
    const { rows, facts } = await asCaller((sql) => customerData(sql, who));
    if (!facts?.controller) throw new Refusal(503, "noFacts");
    return { requests: rows.length, letter: accessLetter(who, rows, facts as LetterFacts) };
  },

  erase: async (params, { asCaller }) => {
    const who = customerOf(params);
    // The owner confirms by typing what was searched for again, as typed.
    if (typeof params.confirm !== "string" || params.confirm.trim() !== (who.email ?? who.phone)) throw new Refusal(400, "confirm");
    return await asCaller(async (sql) => {
      const { rows, facts } = await customerData(sql, who);
      const [{ erased }] = await sql<{ erased: number }[]>`
        select public.inbox_erase(${who.email === null ? null : storedEmailForm(who.email)}, ${who.phone}) as erased`;
      return { erased, reminder: mailCopiesReminder(who, rows, facts?.email ?? "firmaets postkasse") };
    });
  },

  push_key: async (_params, { asCaller, vapidPublicKey }) => {
    await asCaller((sql) => sql`select public.inbox_me()`);
    if (!vapidPublicKey) throw new Refusal(503, "noPush");
    return { publicKey: vapidPublicKey };
  },

  push_subscribe: async (params, { asCaller }) => {
    const subscription = (params.subscription ?? {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    const { endpoint } = subscription;
    const { p256dh, auth } = subscription.keys ?? {};
    if (typeof endpoint !== "string" || typeof p256dh !== "string" || typeof auth !== "string") throw new Refusal(400, "subscription");
    await asCaller((sql) => sql`select public.inbox_push_subscribe(${endpoint}, ${p256dh}, ${auth})`);
    return {};
  },

  push_unsubscribe: async (params, { asCaller }) => {
    if (typeof params.endpoint !== "string" || !params.endpoint) throw new Refusal(400, "endpoint");
    await asCaller((sql) => sql`select public.inbox_push_unsubscribe(${params.endpoint as string})`);
    return {};
  },

  team: async (_params, { asCaller }) =>
    (await asCaller((sql) => one(sql`select public.inbox_team() as result`))) as Record<string, unknown>,

  team_add: async (params, { asCaller, admin }) => {
    const email = typeof params.email === "string" ? params.email.trim().toLowerCase() : "";
    if (!EMAIL.test(email) || email.length > 254) throw new Refusal(400, "email");
    if (params.role !== "ejer" && params.role !== "medarbejder") throw new Refusal(400, "role");
    // The owner is checked before an Auth user is made: a medarbejder creates no one.
    await asCaller((sql) => sql`select public.inbox_team()`);
    const user = await admin.ensure(email);
    return (await asCaller((sql) =>
      one(sql`select public.inbox_team_add(${user.id}::uuid, ${params.role as string}) as result`),
    )) as Record<string, unknown>;
  },

  team_remove: async (params, { asCaller, admin }) => {
    const id = uuid(params.id, "memberId");
    const team = (await asCaller((sql) => one(sql`select public.inbox_team_remove(${id}::uuid) as result`))) as Record<string, unknown>;
    // Off the team first (the database's rules: the owner only, never the last owner), then out of Auth:
    // no code is mailed to them again.
    await admin.remove(id);
    return team;
  },
};
