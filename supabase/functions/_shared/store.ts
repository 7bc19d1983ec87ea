// Postgres access for quote requests (the `postgres` driver on SUPABASE_DB_URL). Every stored request is
// a row first, stored with its deliveries (the e-mail, the SMS, …) in one round trip; outbox.ts sends them.
import { Buffer } from "node:buffer";
import type postgres from "postgres";
import type { Lead } from "./quote-request.ts";
import type { Photo } from "./quote-photos.ts";
import type { Taken } from "./booking-slots.ts";

export type Sql = ReturnType<typeof postgres>;

export type StoredRequest = Lead & {
  id: string;
  receivedAt: Date;
  sourceUrl: string | null;
  partnerId: string | null;
  /** Sent by `npm run verify:deploy` with the firm's secret (a deploy check, not a customer). */
  deployCheck?: boolean;
  /** How many photos are stored with it (none once its e-mail is sent): a request without any reads none. */
  photoCount?: number;
  /** The photos sent with it, while they are kept (until its e-mail is sent); read by photosOf(). */
  photos?: StoredPhoto[];
  /** A booking's visit as it is now (public.booking_json): its times, SEQUENCE and whether it is still on. */
  visit?: Visit | null;
};

/** A booked visit as stored (times as ISO text, as the database's JSON gives them). */
export type Visit = { start: string; end: string; sequence: number; active: boolean; cancelledBy: "firm" | "customer" | null };

/** A booking's visit to store with its request: the time, the drive on either side, and the bookings' own limits. */
export type NewVisit = { startsAt: Date; endsAt: Date; bufferMinutes: number; perDay: number; activeLimit: number };

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
  /** Sent by `npm run verify:deploy` with the firm's secret: labelled, and texted only when `testSms` asks. */
  deployCheck?: boolean;
  testSms?: boolean;
  /** A booking's visit (kind "booking"): stored with the row in the same transaction, or the booking refused. */
  visit?: NewVisit;
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
  | { kind: "limited"; retryAfterSeconds: number }
  /** A booking's time was taken, or its day full, by the time it was stored: nothing stored. */
  | { kind: "slotTaken" }
  /** The client, phone number or mailbox already has its active bookings to come: nothing stored. */
  | { kind: "bookingLimited" };

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
  return {
    /**
     * Stores a request unless its idempotency key was seen (same id again), a rate limit is reached or
     * the database gets to it after `notAfter`: one round trip, the migration's submit_quote_request()
     * (locks, replay, counts and insert).
     */
    async submit(request: NewRequest, limits: Limits, notAfter: Date | null = null): Promise<SubmitResult> {
      const photos = request.photos ?? [];
      const { visit } = request;
      // A booking goes through submit_booking, which takes the same arguments and its visit's (the bookings migration).
      const [row] = await sql<{ kind: SubmitResult["kind"]; id: string | null; retryAfterSeconds: number | null }[]>`
        select kind, id, retry_after_seconds as "retryAfterSeconds" from ${visit ? sql`public.submit_booking` : sql`public.submit_quote_request`}(
          ${request.name}, ${request.phone}, ${request.email}, ${request.location}, ${request.message},
          ${request.sourceUrl}, ${request.partnerId}, ${request.idempotencyKey}, ${request.requestHash},
          ${request.clientIpHash}, ${request.userAgent},
          ${limits.perClient}, ${limits.perEmail}, ${limits.perEmailTotal}, ${limits.windowMinutes}, ${notAfter}
          ${photos.length ? photoArguments(sql, photos) : sql``}, p_kind => ${request.kind}, p_call_when => ${request.when},
          p_per_phone_total => ${limits.perPhoneTotal}, p_deploy_check => ${request.deployCheck ?? false},
          p_test_sms => ${request.testSms ?? false}${
            visit
              ? sql`, p_starts_at => ${visit.startsAt}, p_ends_at => ${visit.endsAt}, p_buffer_minutes => ${visit.bufferMinutes},
          p_per_day => ${visit.perDay}, p_active_limit => ${visit.activeLimit}`
              : sql``
          })`;
      if (row.kind === "limited") return { kind: "limited", retryAfterSeconds: row.retryAfterSeconds ?? 1 };
      if (row.kind === "keyReused" || row.kind === "expired" || row.kind === "slotTaken" || row.kind === "bookingLimited")
        return { kind: row.kind };
      if (!row.id) throw new Error(`submit_quote_request answered ${row.kind} without an id`);
      return { kind: row.kind, id: row.id };
    },

    /** The photos stored with a request, in the order they were sent (none once its e-mail is out). */
    /** The team's devices that get a Web Push about each new lead (public.push_subscriptions). */
    async pushTargets(): Promise<{ endpoint: string; p256dh: string; auth: string }[]> {
      return await sql<{ endpoint: string; p256dh: string; auth: string }[]>`select endpoint, p256dh, auth from public.push_subscriptions`;
    },

    /** Forgets a device its push service says is gone. */
    async dropPushTarget(endpoint: string): Promise<void> {
      await sql`delete from public.push_subscriptions where endpoint = ${endpoint}`;
    },

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

    /** The visits still to come, with the drive they hold and their Copenhagen day; `except` leaves one booking out (its own move). */
    async takenVisits(except: string | null = null): Promise<Taken[]> {
      const rows = await sql<{ from: Date; to: Date; day: string }[]>`
        select lower(visit) as from, upper(visit) as to, to_char(starts_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD') as day
        from public.bookings where active and ends_at > now() and request_id is distinct from ${except}::uuid`;
      return rows.map((row) => ({ from: new Date(row.from), to: new Date(row.to), day: row.day }));
    },

    /** A booking with its request's name, place and address, or null (the customer's link, the feed). */
    async booking(id: string): Promise<BookedLead | null> {
      const [row] = await sql<BookedLead[]>`
        select q.id, q.name, q.phone, q.email, q.location, q.message, public.booking_json(q.id) as visit
        from public.quote_requests q where q.id = ${id}::uuid and q.kind = 'booking'`;
      return row ?? null;
    },

    /** Moves (`start`) or cancels (`start` null) a visit still to come; its visit as it is now, or null when there is none to change. */
    async changeBooking(id: string, start: Date | null, by: "firm" | "customer"): Promise<Visit | null> {
      const [row] = await sql<{ visit: Visit }[]>`
        select public.booking_json(b.request_id) as visit
        from public.change_booking(${id}::uuid, ${start}, ${start === null}, ${by}) b`;
      return row?.visit ?? null;
    },

    /** The visits of the calendar feed whose token hashes to `tokenHash`: the next ones and those of the last week; null for no such feed. */
    async feed(tokenHash: string): Promise<BookedLead[] | null> {
      const [feed] = await sql`select 1 from public.calendar_feeds where token_hash = ${tokenHash}`;
      if (!feed) return null;
      return await sql<BookedLead[]>`
        select q.id, q.name, q.phone, q.email, q.location, q.message, public.booking_json(q.id) as visit
        from public.bookings b join public.quote_requests q on q.id = b.request_id
        where b.ends_at > now() - interval '7 days' order by b.starts_at`;
    },

    /** The active partner sites registered in the database: id and origin. */
    async partners(): Promise<{ id: string; origin: string }[]> {
      return await sql<{ id: string; origin: string }[]>`select id, origin from partners where active`;
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/** A booking's request and visit, as the customer's link and the firm's feed read it. */
export type BookedLead = { id: string; name: string; phone: string; email: string; location: string; message: string; visit: Visit };
