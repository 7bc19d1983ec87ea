// Postgres access for quote requests (the `postgres` driver on SUPABASE_DB_URL). Every stored request is
// a row first; the e-mail is a state of that row: pending -> sending -> sent, claimed by one sender at a time.
import postgres from "postgres";
import type { QuoteRequest } from "./quote-request.ts";

export type Sql = ReturnType<typeof postgres>;

export type StoredRequest = QuoteRequest & {
  id: string;
  receivedAt: Date;
  sourceUrl: string | null;
  partnerId: string | null;
  attempts: number;
};

export type NewRequest = QuoteRequest & {
  sourceUrl: string | null;
  partnerId: string | null;
  idempotencyKey: string | null;
  clientIpHash: string;
  userAgent: string | null;
};

export type Limits = { perClient: number; perEmail: number; windowMinutes: number };

export type SubmitResult =
  | { kind: "created"; id: string }
  | { kind: "replayed"; id: string }
  | { kind: "limited"; retryAfterSeconds: number };

/** How long a claimed row stays reserved for its sender before another may take it over. */
const CLAIM_SECONDS = 120;

/**
 * Opens the connection pool. Prepared statements are off and the pool size is configurable because
 * PGlite's socket server multiplexes one session: under concurrent transactions from several
 * connections it stalls, so the local stack uses one connection (DB_POOL_MAX=1).
 */
export function connect(url: string, max = 4): Sql {
  return postgres(url, { max, connect_timeout: 5, idle_timeout: 30, prepare: false, onnotice: () => {} });
}

const COLUMNS = `id, received_at as "receivedAt", name, phone, email, location, message,
  source_url as "sourceUrl", partner_id as "partnerId", attempts`;

export function createStore(sql: Sql) {
  return {
    /** Stores a request unless its idempotency key was seen (same id again) or a rate limit is reached. */
    async submit(request: NewRequest, limits: Limits): Promise<SubmitResult> {
      return await sql.begin(async (tx) => {
        // One submission per client at a time, so two parallel requests cannot both slip under the limit.
        await tx`select pg_advisory_xact_lock(hashtext(${request.clientIpHash}))`;
        if (request.idempotencyKey) {
          const [existing] = await tx`select id from quote_requests where idempotency_key = ${request.idempotencyKey}`;
          if (existing) return { kind: "replayed", id: existing.id as string };
        }
        const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
        const [counts] = await tx`
          select
            count(*) filter (where client_ip_hash = ${request.clientIpHash}) as "byClient",
            count(*) filter (where lower(email) = lower(${request.email})) as "byEmail",
            min(received_at) filter (where client_ip_hash = ${request.clientIpHash} or lower(email) = lower(${request.email})) as "oldest"
          from quote_requests where received_at > ${since}`;
        if (Number(counts.byClient) >= limits.perClient || Number(counts.byEmail) >= limits.perEmail) {
          const oldest = counts.oldest ? new Date(counts.oldest).getTime() : Date.now();
          const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limits.windowMinutes * 60_000 - Date.now()) / 1000));
          return { kind: "limited", retryAfterSeconds };
        }
        const [row] = await tx`
          insert into quote_requests
            (name, phone, email, location, message, source_url, partner_id, idempotency_key, client_ip_hash, user_agent)
          values (${request.name}, ${request.phone}, ${request.email}, ${request.location}, ${request.message},
            ${request.sourceUrl}, ${request.partnerId}, ${request.idempotencyKey}, ${request.clientIpHash}, ${request.userAgent})
          returning id`;
        return { kind: "created", id: row.id as string };
      });
    },

    /** Reserves one pending row for sending; null when another sender has it or it is already sent. */
    async claim(id: string): Promise<StoredRequest | null> {
      const [row] = await sql`
        update quote_requests set notification_status = 'sending', attempts = attempts + 1,
          claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
        where id = ${id} and notification_status = 'pending'
        returning ${sql.unsafe(COLUMNS)}`;
      return (row as StoredRequest | undefined) ?? null;
    },

    /** Reserves up to `limit` rows that are due: pending past their backoff, or abandoned mid-send. */
    async claimDue(limit: number): Promise<StoredRequest[]> {
      return (await sql`
        update quote_requests set notification_status = 'sending', attempts = attempts + 1,
          claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
        where id in (
          select id from quote_requests
          where (notification_status = 'pending' and next_attempt_at <= now())
             or (notification_status = 'sending' and claimed_until < now())
          order by received_at
          limit ${limit}
          for update skip locked)
        returning ${sql.unsafe(COLUMNS)}`) as unknown as StoredRequest[];
    },

    /** Marks a claimed row sent, exactly once. */
    async markSent(id: string): Promise<void> {
      await sql`update quote_requests set notification_status = 'sent', sent_at = now(), last_error = null, claimed_until = null
        where id = ${id} and notification_status = 'sending'`;
    },

    /** Returns a claimed row to pending with backoff: 1, 2, 4 … minutes after each failed attempt, at most 60. */
    async markFailed(id: string, error: string): Promise<void> {
      await sql`update quote_requests set notification_status = 'pending', last_error = ${error.slice(0, 500)}, claimed_until = null,
          next_attempt_at = now() + make_interval(mins => least(power(2, greatest(attempts - 1, 0))::int, 60))
        where id = ${id} and notification_status = 'sending'`;
    },

    /** Origins of the partner sites registered in the database. */
    async partnerOrigins(): Promise<string[]> {
      const rows = await sql`select origin from partners where active`;
      return rows.map((row) => row.origin as string);
    },
  };
}

export type Store = ReturnType<typeof createStore>;
