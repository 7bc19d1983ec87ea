// A request's deadline: every database call the answer waits for is raced against the time left, so a
// database that hangs (a stopped server, a stalled network, a lock held elsewhere) gives the visitor a
// 503 with the phone number instead of no answer. The call itself is not cancelled: on a hung server
// nothing could cancel it, and the server's own statement_timeout ends it where it can (store.ts).

/** Thrown when a request's time is up before the database answered. */
export class DeadlineExceeded extends Error {
  constructor(what: string) {
    super(`${what} did not answer before the request's deadline`);
    this.name = "DeadlineExceeded";
  }
}

/** A deadline `ms` from now; `within(work, what)` settles as `work` does, or rejects when time is up. */
export function startDeadline(ms: number) {
  const end = Date.now() + ms;
  return {
    /** Milliseconds left (0 when past). */
    left: () => Math.max(0, end - Date.now()),
    async within<T>(work: Promise<T>, what: string): Promise<T> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineExceeded(what)), Math.max(0, end - Date.now()));
      });
      // A call that loses the race may still fail later: that is handled, not an unhandled rejection.
      work.catch(() => {});
      try {
        return await Promise.race([work, expired]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type Deadline = ReturnType<typeof startDeadline>;
