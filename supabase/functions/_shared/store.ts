// Postgres access for quote requests (the `postgres` driver on SUPABASE_DB_URL). Every stored request is
// a row first; the e-mail is a state of that row: pending -> sending -> sent, claimed by one sender at a time.
import { Buffer } from "node:buffer";
import type postgres from "postgres";
import type { Lead } from "./quote-request.ts";
import type { Photo } from "./quote-photos.ts";
import { ALERT_INTERVAL_MINUTES } from "./alerts.ts";

export type Sql = ReturnType<typeof postgres>;

export type StoredRequest = Lead & {
  id: string;
  receivedAt: Date;
  sourceUrl: string | null;
  partnerId: string | null;
  attempts: number;
  /** Sent by `npm run verify:deploy` with the firm's secret (a deploy check, not a customer). */
  deployCheck?: boolean;
  /** How many photos are stored with it (none once its e-mail is sent): a request without any reads none. */
  photoCount?: number;
  /** The photos sent with it, while they are kept (until its e-mail is sent); read by photosOf(). */
  photos?: StoredPhoto[];
};

/**
 * A stored photo as the e-mail attaches it: `base64` reads its bytes as base64 (what both mail transports
 * send) when the transport gets to it, so one photo at a time is held, not all of a request's.
 */
export type StoredPhoto = { filename: string; contentType: Photo["contentType"]; base64: () => Promise<string> };

export type NewRequest = Lead & {
  sourceUrl: string | null;
  partnerId: string | null;
  idempotencyKey: string | null;
  /** SHA-256 of the request's content, to tell a retry (same content) from a reused key (other content). */
  requestHash: string;
  clientIpHash: string;
  userAgent: string | null;
  /** Stored with the row, in the same statement (migration quote_request_photos). */
  photos?: Photo[];
};

/**
 * Stored requests allowed in the window: per client, and per e-mail address from one client; and the
 * e-mails the firm gets per address from all clients together (requests over it are stored, held and
 * listed in the alert, never refused: a stranger cannot lock a person out).
 */
export type Limits = { perClient: number; perEmail: number; perEmailTotal: number; perPhoneTotal: number; windowMinutes: number };

export type SubmitResult =
  | { kind: "created"; id: string }
  /** Stored but not mailed: the address is over its cap from all clients (the alert lists it). */
  | { kind: "held"; id: string }
  /** Not stored: the database got to it after `notAfter`, when the visitor had been answered 503. */
  | { kind: "expired" }
  | { kind: "replayed"; id: string }
  | { kind: "keyReused" }
  | { kind: "limited"; retryAfterSeconds: number };

/** How long rows picked for an alert stay reserved for its sender (well over the webhook's timeout). */
const ALERT_CLAIM_SECONDS = 120;

/**
 * Reserves for one alert, and returns, the requests the firm has not been told about that are failed,
 * held, or still unsent after an hour; none while the alert gate is closed (an alert being sent, or one
 * sent within ALERT_INTERVAL_MINUTES), so a closed gate costs no claim. Run after every request: the partial index
 * quote_requests_unalerted finds those few rows among all (tests/backend/rate-limit-plan.test.js
 * explains it at 500,000 rows).
 */
export const TAKE_UNALERTED = `
  update quote_requests set alert_claimed_until = now() + make_interval(secs => ${ALERT_CLAIM_SECONDS})
  where alerted_at is null and notification_status <> 'sent'
    and (alert_claimed_until is null or alert_claimed_until < now())
    and exists (select 1 from alert_gate where (held_until is null or held_until < now())
      and (last_sent_at is null or last_sent_at < now() - make_interval(mins => ${ALERT_INTERVAL_MINUTES})))
    and (notification_status in ('failed', 'held')
      or (notification_status in ('pending', 'sending') and received_at < now() - interval '1 hour'))
  returning id, notification_status as status`;

/** After this long, an e-mail that still fails is given up: the row ends `failed` (supabase/functions/send-contact-email/README.md, "The HTTP contract"). */
export const RETRY_HORIZON_HOURS = 24;

/** How long a claimed row stays reserved for its sender before another may take it over. */
const CLAIM_SECONDS = 300;

const COLUMNS = `id, received_at as "receivedAt", kind, call_when as "when", name, phone, email, location, message,
  source_url as "sourceUrl", partner_id as "partnerId", attempts, deploy_check as "deployCheck",
  (select count(*) from quote_request_photos p where p.request_id = quote_requests.id)::int as "photoCount"`;

/** The Postgres type id (pg_type.oid) of text: the photo arguments' elements. */
const TEXT = 25;

/**
 * The photos as submit_quote_request's last three arguments: names, types and the bytes as
 * base64, a third larger than the bytes (the driver sends every parameter as text, and its text for
 * bytea is hex, twice as large). The bytes go as one parameter per photo gathered by array[...] in the
 * statement: an array parameter would be serialised into one more string as large as all of them.
 */
const photoArguments = (sql: Sql, photos: Photo[]) => {
  const column = (values: string[]) => sql.array(values, TEXT);
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  const each = photos.reduce((list, photo, index) => sql`${list}${index ? sql`, ` : sql``}${base64(photo.bytes)}::text`, sql``);
  return sql`, ${column(photos.map((photo) => photo.filename))}, ${column(photos.map((photo) => photo.contentType))},
    array[${each}]`;
};

export function createStore(sql: Sql) {
  /** What taking a row for sending changes: the state, the attempt number (the fence) and the claim's end. */
  const claimSet = () =>
    sql`set notification_status = 'sending', attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})`;

  return {
    /**
     * Stores a request unless its idempotency key was seen (same id again), a rate limit is reached or
     * the database gets to it after `notAfter`: one round trip, the migration's submit_quote_request()
     * (locks, replay, counts and insert).
     */
    async submit(request: NewRequest, limits: Limits, notAfter: Date | null = null): Promise<SubmitResult> {
      const photos = request.photos ?? [];
      const [row] = await sql<{ kind: SubmitResult["kind"]; id: string | null; retryAfterSeconds: number | null }[]>`
        select kind, id, retry_after_seconds as "retryAfterSeconds" from public.submit_quote_request(
          ${request.name}, ${request.phone}, ${request.email}, ${request.location}, ${request.message},
          ${request.sourceUrl}, ${request.partnerId}, ${request.idempotencyKey}, ${request.requestHash},
          ${request.clientIpHash}, ${request.userAgent},
          ${limits.perClient}, ${limits.perEmail}, ${limits.perEmailTotal}, ${limits.windowMinutes}, ${notAfter}
          ${photos.length ? photoArguments(sql, photos) : sql``}, p_kind => ${request.kind}, p_call_when => ${request.when},
          p_per_phone_total => ${limits.perPhoneTotal})`;
      if (row.kind === "limited") return { kind: "limited", retryAfterSeconds: row.retryAfterSeconds ?? 1 };
      if (row.kind === "keyReused" || row.kind === "expired") return { kind: row.kind };
      if (!row.id) throw new Error(`submit_quote_request answered ${row.kind} without an id`);
      return { kind: row.kind, id: row.id };
    },

    /** Reserves one pending row for sending; null when another sender has it or it is already sent. */
    async claim(id: string): Promise<StoredRequest | null> {
      const [row] = await sql<StoredRequest[]>`
        update quote_requests ${claimSet()}
        where id = ${id} and notification_status = 'pending'
        returning ${sql.unsafe(COLUMNS)}`;
      return row ?? null;
    },

    /** Reserves up to `limit` rows that are due: pending past their backoff, or abandoned mid-send. */
    async claimDue(limit: number): Promise<StoredRequest[]> {
      return await sql<StoredRequest[]>`
        update quote_requests ${claimSet()}
        where id in (
          select id from quote_requests
          where (notification_status = 'pending' and next_attempt_at <= now())
             or (notification_status = 'sending' and claimed_until < now())
          order by received_at
          limit ${limit}
          for update skip locked)
        returning ${sql.unsafe(COLUMNS)}`;
    },

    // Both outcomes are fenced by the attempt number of the claim: a sender whose claim expired and was
    // taken over cannot overwrite the newer sender's result.

    /** Marks a claimed row sent, exactly once. */
    async markSent(row: StoredRequest): Promise<void> {
      await sql`update quote_requests set notification_status = 'sent', sent_at = now(), last_error = null, claimed_until = null
        where id = ${row.id} and notification_status = 'sending' and attempts = ${row.attempts}`;
    },

    /** Returns a claimed row to pending with backoff: 1, 2, 4 … minutes after each failed attempt, at most 60. */
    async markFailed(row: StoredRequest, error: string, { permanent = false } = {}): Promise<"pending" | "failed" | null> {
      // Terminal when the mail server refused for good, or when the request is older than the horizon;
      // the exponent is capped before power(), which overflowed at 1,024 attempts.
      const [updated] = await sql<{ status: "pending" | "failed" }[]>`
        update quote_requests set
          notification_status = case when ${permanent} or received_at < now() - make_interval(hours => ${RETRY_HORIZON_HOURS})
            then 'failed' else 'pending' end,
          failed_at = case when ${permanent} or received_at < now() - make_interval(hours => ${RETRY_HORIZON_HOURS}) then now() end,
          last_error = ${error.slice(0, 500)}, claimed_until = null,
          next_attempt_at = now() + make_interval(mins => least(power(2, least(greatest(attempts - 1, 0), 6)), 60)::int)
        where id = ${row.id} and notification_status = 'sending' and attempts = ${row.attempts}
        returning notification_status as status`;
      return updated?.status ?? null;
    },

    /**
     * Reserves for one alert, and returns, the requests the firm has not been told about yet that are
     * failed, held, or still unsent an hour after they arrived (the scheduled retry has not run, or
     * keeps failing).
     */
    async takeUnalerted(): Promise<{ id: string; status: string }[]> {
      return await sql.unsafe<{ id: string; status: string }[]>(TAKE_UNALERTED);
    },

    /**
     * Takes the alert gate (migration alert_gate) for one alert: true when no alert is being sent and
     * none arrived in the last ALERT_INTERVAL_MINUTES; the gate is then held for ALERT_CLAIM_SECONDS.
     */
    async openAlertGate(): Promise<boolean> {
      const taken = await sql`update alert_gate set held_until = now() + make_interval(secs => ${ALERT_CLAIM_SECONDS})
        where (held_until is null or held_until < now())
          and (last_sent_at is null or last_sent_at < now() - make_interval(mins => ${ALERT_INTERVAL_MINUTES}))
        returning id`;
      return taken.length === 1;
    },

    /** Gives the gate back after an alert: `sent`, the channel took it (the interval starts now). */
    async closeAlertGate(sent: boolean): Promise<void> {
      await sql`update alert_gate set held_until = null, last_sent_at = case when ${sent} then now() else last_sent_at end`;
    },

    /** Labels a stored request as a deploy check (npm run verify:deploy), before its e-mail goes out. */
    async markDeployCheck(id: string): Promise<void> {
      await sql`update quote_requests set deploy_check = true where id = ${id}`;
    },

    /** Records that the firm was told about these requests: they are never alerted again. */
    async markAlerted(ids: string[]): Promise<void> {
      await sql`update quote_requests set alerted_at = now(), alert_claimed_until = null where id = any(${ids}::uuid[])`;
    },

    /** Gives rows back after an alert that did not arrive: the next alert takes them again. */
    async releaseAlert(ids: string[]): Promise<void> {
      await sql`update quote_requests set alert_claimed_until = null where id = any(${ids}::uuid[]) and alerted_at is null`;
    },

    /** The photos stored with a request, in the order they were sent (none once its e-mail is out). */
    async photosOf(id: string): Promise<StoredPhoto[]> {
      const photos = await sql<{ position: number; filename: string; contentType: Photo["contentType"] }[]>`
        select position, filename, content_type as "contentType" from quote_request_photos where request_id = ${id} order by position`;
      return photos.map(({ position, filename, contentType }) => ({
        filename,
        contentType,
        // As base64 without line breaks: what the transports send, and smaller than the driver's hex for bytea.
        async base64() {
          const [photo] = await sql<{ base64: string }[]>`
            select translate(encode(bytes, 'base64'), E'\n', '') as base64
            from quote_request_photos where request_id = ${id} and position = ${position}`;
          if (!photo) throw new Error(`photo ${position} of ${id} is no longer stored`);
          return photo.base64;
        },
      }));
    },

    /** Deletes the photos of one request, once its e-mail is sent. */
    async dropPhotosOf(id: string): Promise<void> {
      await sql`delete from quote_request_photos where request_id = ${id}`;
    },

    /**
     * Deletes the photos of every request whose e-mail is sent: the scheduled retry's sweep, which makes
     * good a delete cut short by a stopped instance.
     */
    async dropSentPhotos(): Promise<void> {
      await sql`delete from quote_request_photos p using quote_requests q
        where q.id = p.request_id and q.notification_status = 'sent'`;
    },

    /** The active partner sites registered in the database: id and origin. */
    async partners(): Promise<{ id: string; origin: string }[]> {
      return await sql<{ id: string; origin: string }[]>`select id, origin from partners where active`;
    },
  };
}

export type Store = ReturnType<typeof createStore>;
