// Which posts an instance reads, decided before a byte of their body is read, so that the memory an
// instance holds is bounded by design: a refused or waiting request costs nothing but its headers.
// Photos make a body up to 15 MB, held (stripped, then sent to Postgres) until the request is stored;
// Supabase stops a worker at 256 MB, taking every request in flight with it.
//
// - Per client (the rate limit's key, so an IPv6 /64): the database's limit (submit_quote_request) is
//   the rule, and this is its cheap copy in memory: a client that this instance stored `perClient`
//   requests for in the window is answered 429 before it sends another body, unless the post is a retry
//   under an idempotency key (the database answers a retry of a stored request with that request, before
//   any limit). Only stored requests are copied: the database's `limited` may be about one address from
//   the client, not the client. A client has at most PHOTO_BODIES_PER_CLIENT bodies with photos being
//   read or waiting; more are answered 429.
// - Per instance: PHOTO_BODIES_IN_FLIGHT body with photos is read and stored at a time. The
//   next ones wait, unread, in order of arrival (at most PHOTO_BODIES_WAITING of them, each at most
//   PHOTO_WAIT_MS); the rest are answered 503 with Retry-After, unread. Visitors who send photos at the
//   same moment (a household, a mobile carrier's shared address) are served one after the other rather
//   than refused. A JSON or urlencoded body is at most 16 kB (BODY_LIMIT_BYTES) and needs no cap.
// The figures are measured by `npm run bench:api -- --photos --burst` (docs/bench.md).

/**
 * Bodies with photos read and stored at once per instance: the largest (15.5 MB of photos) peaks at about
 * 100 MB above the idle function (the received bytes, the photos taken out of them, their base64 text and
 * the driver's message on their way to Postgres), and the runtime itself holds about 75 MB: one at a time
 * stays within Supabase's 256 MB; two measured 234 MB above idle. Storing one takes a second or two, so
 * the ones waiting are served soon.
 */
export const PHOTO_BODIES_IN_FLIGHT = 1;
/** Bodies with photos that wait, unread, for one of those places (their requests hold only their headers). */
export const PHOTO_BODIES_WAITING = 6;
/** How long a body with photos waits for a place before it is answered 503: a stalled body holds its place until PHOTO_BODY_DEADLINE_MS. */
export const PHOTO_WAIT_MS = 30_000;
/** Bodies with photos one client has read or waiting at a time: a visitor's form sends one. */
export const PHOTO_BODIES_PER_CLIENT = 3;
/** How long a refused body is told to wait before it is sent again (the Retry-After of a 503 or a per-client 429). */
export const BUSY_RETRY_AFTER_SECONDS = 10;
/** Clients remembered at most: the oldest are forgotten first, so a flood of addresses holds a few MB. */
const CLIENTS_REMEMBERED = 10_000;

type Client = { photoBodies: number; stored: number[] };

/** Refused before reading: `limited` (429) for the client, `busy` (503) for the instance. */
export type Refusal = { kind: "limited" | "busy"; retryAfterSeconds: number };

/** A body admitted: `release()` once it is stored or refused (it may then be dropped from memory). */
export type Ticket = { release(): void };

/**
 * The admission of one instance: `perClient` stored requests per client in `windowMinutes` (the rate
 * limit's); `onWait` is told when a body with photos waits for a place (the handler logs it).
 */
export function createAdmission(
  { perClient, windowMinutes }: { perClient: number; windowMinutes: number },
  { now = Date.now, onWait = () => {} }: { now?: () => number; onWait?: () => void } = {},
) {
  const windowMs = windowMinutes * 60_000;
  const clients = new Map<string, Client>();
  let reading = 0;
  /** The bodies waiting for a place, oldest first: each takes it when given. */
  const waiting: (() => void)[] = [];

  /** The client's entry, moved to the end of the map (most recently seen); old entries are forgotten. */
  function entry(key: string): Client {
    const client = clients.get(key) ?? { photoBodies: 0, stored: [] };
    clients.delete(key);
    clients.set(key, client);
    for (const [oldKey, old] of clients) {
      if (clients.size <= CLIENTS_REMEMBERED) break;
      if (old.photoBodies === 0) clients.delete(oldKey);
    }
    return client;
  }

  /** A place for one body with photos: at once when one is free, else after the ones waiting before it. */
  function place(): Promise<boolean> {
    if (reading < PHOTO_BODIES_IN_FLIGHT) {
      reading++;
      return Promise.resolve(true);
    }
    if (waiting.length >= PHOTO_BODIES_WAITING) return Promise.resolve(false);
    onWait();
    return new Promise((resolve) => {
      const take = () => {
        clearTimeout(timer);
        reading++;
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        resolve(false);
      }, PHOTO_WAIT_MS);
      waiting.push(take);
    });
  }

  return {
    /**
     * Admits a post of `client` before its body is read, or says why not; `photos`: a multipart body;
     * `retry`: it carries an idempotency key.
     */
    async admit(key: string, { photos, retry }: { photos: boolean; retry: boolean }): Promise<Ticket | Refusal> {
      const at = now();
      const client = entry(key);
      client.stored = client.stored.filter((time) => time > at - windowMs);
      if (!retry && client.stored.length >= perClient)
        return { kind: "limited", retryAfterSeconds: Math.max(1, Math.ceil((client.stored[0] + windowMs - at) / 1000)) };
      if (!photos) return { release() {} };
      if (client.photoBodies >= PHOTO_BODIES_PER_CLIENT) return { kind: "limited", retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
      client.photoBodies++;
      if (!(await place())) {
        client.photoBodies--;
        return { kind: "busy", retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
      }
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          client.photoBodies--;
          reading--;
          waiting.shift()?.();
        },
      };
    },
    /** The database stored a request of the client (created or held): it counts against its limit here too. */
    stored(key: string) {
      entry(key).stored.push(now());
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
