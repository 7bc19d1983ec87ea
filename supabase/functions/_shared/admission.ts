// What an instance reads and holds, so that its memory is bounded by design while no client can hold
// what others need. Photos make a body up to 15 MB, held (stripped, then sent to Postgres) until the
// request is stored; Supabase stops a worker at 256 MB, taking every request in flight with it.
//
// - Per client (the rate limit's key, so an IPv6 /64): the database's limit (submit_quote_request) is
//   the rule, and this is its cheap copy in memory: a client that this instance stored `perClient`
//   requests for in the window is answered 429 before it sends another body, unless the post is a retry
//   under an idempotency key (the database answers a retry of a stored request with that request, before
//   any limit). Only stored requests are copied: the database's `limited` may be about one address from
//   the client, not the client. A client has at most PHOTO_BODIES_PER_CLIENT bodies with photos being
//   read or stored at a time; more are answered 429, unread.
// - Per instance, while a body with photos arrives: it holds the bytes it has sent, and nothing else.
//   The bytes all bodies have sent and the instance still holds are at most PHOTO_BYTES_HELD. A chunk
//   that does not fit makes room by ending the bodies that arrived after its own, the newest first; if
//   that is not enough, it ends its own. An ended body is answered 503 with Retry-After, there and then.
//   So the oldest body arriving always has room to finish (PHOTO_BYTES_HELD is more than the largest
//   body), a burst stores some of its posts rather than none, and a body that sends one byte every few
//   seconds holds a few bytes and no place: others are read beside it.
// - Per instance, once a body with photos has arrived whole: PHOTO_BODIES_IN_FLIGHT is checked,
//   stripped and stored at a time (that is where the memory peaks); the next ones, already read, wait
//   their turn in order (at most PHOTO_WAIT_MS, then 503). A JSON or urlencoded body is at most 16 kB
//   (BODY_LIMIT_BYTES) and needs none of this.
// The figures are measured by `npm run bench:api -- --photos --burst` (docs/bench.md).

/**
 * Bodies with photos checked, stripped and stored at once per instance: the largest (15.5 MB of photos)
 * peaks at about 100 MB above the idle function (the received bytes, the photos taken out of them,
 * their base64 text and the driver's message on their way to Postgres), and the runtime itself holds
 * about 75 MB: one at a time stays within Supabase's 256 MB; two measured 234 MB above idle.
 */
export const PHOTO_BODIES_IN_FLIGHT = 1;
/**
 * The bytes of bodies with photos an instance holds at once, arriving or waiting for their turn: one of
 * the largest (15.5 MB) with room beside it for phones' scaled photos (a few hundred kB each). A burst
 * of large bodies has the newer ones answered 503 while they arrive (docs/quote-photos.md). Twice as
 * much measured 252 MB above idle under a burst from 16 addresses, against Supabase's 256 MB.
 */
export const PHOTO_BYTES_HELD = 20 * 1024 * 1024;
/** How long a body with photos that has arrived waits for its turn before it is answered 503. */
export const PHOTO_WAIT_MS = 30_000;
/** Bodies with photos one client has arriving or stored at a time: a visitor's form sends one. */
export const PHOTO_BODIES_PER_CLIENT = 3;
/** How long a refused body is told to wait before it is sent again (the Retry-After of a 503 or a per-client 429). */
export const BUSY_RETRY_AFTER_SECONDS = 10;
/** Clients remembered at most: the oldest are forgotten first, so a flood of addresses holds a few MB. */
const CLIENTS_REMEMBERED = 10_000;

type Client = { photoBodies: number; stored: number[] };

/** Refused before reading: the client has reached a limit (429). */
export type Refusal = { kind: "limited"; retryAfterSeconds: number };

/** Thrown for a body the instance has no room for, or whose turn did not come: it is answered 503. */
export class InstanceBusy extends Error {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;
}

/**
 * How a body with photos is read against the instance's room: `hold(bytes)` as each chunk arrives
 * (throws InstanceBusy when this body was ended to make room, or cannot get it); `onEnd(stop)` is how
 * an older body's chunk stops this one's reading; `arrived()` once the whole body is in (it is no longer
 * ended for others' room).
 */
export type Intake = { hold(bytes: number): void; onEnd(stop: () => void): void; arrived(): void; readonly ended: boolean };

/**
 * A body admitted: its intake; `turn(ms)` once the body has arrived: true when it may be stored, false
 * when none came within `ms`; `release()` once it is stored or refused (its bytes may then be dropped).
 */
export type Ticket = Intake & { turn(waitMs: number): Promise<boolean>; release(): void };

/** A ticket for a body without photos: bounded by BODY_LIMIT_BYTES, it holds and waits for nothing. */
const PLAIN: Ticket = { hold() {}, onEnd() {}, arrived() {}, ended: false, turn: () => Promise.resolve(true), release() {} };

/** A body with photos as the instance counts it while it arrives. */
type Arriving = { bytes: number; end(): void };

/**
 * The admission of one instance: `perClient` stored requests per client in `windowMinutes` (the rate
 * limit's); `onWait` is told when a body with photos waits for its turn (the handler logs it).
 */
export function createAdmission(
  { perClient, windowMinutes }: { perClient: number; windowMinutes: number },
  { now = Date.now, onWait = () => {} }: { now?: () => number; onWait?: () => void } = {},
) {
  const windowMs = windowMinutes * 60_000;
  const clients = new Map<string, Client>();
  let held = 0;
  let storing = 0;
  /** The bodies with photos still arriving, oldest first. */
  const arriving = new Set<Arriving>();
  /** The bodies waiting for their turn, oldest first: each takes it when given. */
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

  /** The turn to be stored: at once when free, else after the bodies that arrived before, within `waitMs`. */
  function turn(waitMs: number): Promise<boolean> {
    if (storing < PHOTO_BODIES_IN_FLIGHT) {
      storing++;
      return Promise.resolve(true);
    }
    onWait();
    return new Promise((resolve) => {
      const take = () => {
        clearTimeout(timer);
        storing++;
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        resolve(false);
      }, waitMs);
      waiting.push(take);
    });
  }

  /** Room for `more` bytes of `body`: the bodies that arrived after it are ended, newest first, until there is. */
  function makeRoom(body: Arriving, more: number): boolean {
    const newer = [...arriving].slice([...arriving].indexOf(body) + 1).reverse();
    for (const other of newer) {
      if (held + more <= PHOTO_BYTES_HELD) break;
      other.end();
    }
    return held + more <= PHOTO_BYTES_HELD;
  }

  /** A ticket for one body with photos of `client`. */
  function photoTicket(client: Client): Ticket {
    client.photoBodies++;
    let stop = () => {};
    let turnTaken: Promise<boolean> | null = null;
    let released = false;
    let ended = false;
    const body: Arriving = {
      bytes: 0,
      end() {
        ended = true;
        arriving.delete(body);
        held -= body.bytes;
        body.bytes = 0;
        stop();
      },
    };
    arriving.add(body);
    return {
      get ended() {
        return ended;
      },
      hold(more: number) {
        if (ended || !makeRoom(body, more)) throw new InstanceBusy();
        held += more;
        body.bytes += more;
      },
      onEnd(stopReading: () => void) {
        stop = stopReading;
      },
      arrived() {
        arriving.delete(body);
      },
      turn(waitMs: number) {
        turnTaken ??= turn(waitMs);
        return turnTaken;
      },
      release() {
        if (released) return;
        released = true;
        client.photoBodies--;
        arriving.delete(body);
        held -= body.bytes;
        body.bytes = 0;
        // A turn still being waited for is left to its timer: it is taken and given back at once.
        void turnTaken?.then((took) => {
          if (!took) return;
          storing--;
          waiting.shift()?.();
        });
      },
    };
  }

  return {
    /**
     * Admits a post of `client` before its body is read, or says why not; `photos`: a multipart body;
     * `retry`: it carries an idempotency key.
     */
    admit(key: string, { photos, retry }: { photos: boolean; retry: boolean }): Ticket | Refusal {
      const at = now();
      const client = entry(key);
      client.stored = client.stored.filter((time) => time > at - windowMs);
      if (!retry && client.stored.length >= perClient)
        return { kind: "limited", retryAfterSeconds: Math.max(1, Math.ceil((client.stored[0] + windowMs - at) / 1000)) };
      if (!photos) return PLAIN;
      if (client.photoBodies >= PHOTO_BODIES_PER_CLIENT) return { kind: "limited", retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
      return photoTicket(client);
    },
    /** The database stored a request of the client (created or held): it counts against its limit here too. */
    stored(key: string) {
      entry(key).stored.push(now());
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
