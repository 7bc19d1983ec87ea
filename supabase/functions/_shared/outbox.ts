// The outbox: everything the backend sends is a delivery, a row of public.deliveries written in the same
// transaction as what it delivers (the baseline migration, "The outbox"). This is its one worker: it
// claims what is due (claim_deliveries), hands each delivery to its channel's send, and records how it
// went (finish_deliveries). It serves "send what is due of this request now", right after a request is
// stored, and "send everything due", the scheduled retry. A channel is a policy and one small send
// (channels.ts); the lease, the backoff, giving up and the alert on giving up are the outbox's, the same
// for every channel (docs/development.md, "The outbox").
import type { Logger } from "./log.ts";
import type { Sql, StoredRequest } from "./store.ts";

/** How the outbox treats a channel's deliveries: claim_deliveries and finish_deliveries read it. */
export type Policy = {
  /** How long a claimed delivery is its sender's before another may take it over (well over one send). */
  leaseSeconds: number;
  /** Given up this many hours after what it delivers came in: never tried again after it. None: no end. */
  horizonHours?: number;
  /** The longest wait between two attempts: 1, 2, 4 … minutes up to it (default 60; 0: the next run). */
  maxBackoffMinutes?: number;
  /** Sent only once this channel's delivery of the same request is sent (the receipt after the firm's e-mail). */
  after?: string;
  /** One sender at a time, and at most one send per this many minutes: what comes meanwhile goes in the next. */
  intervalMinutes?: number;
  /** The channel's own cap, counted by its rule in claim_deliveries (a mailbox's receipts a day, the SMS of a day). */
  cap?: number;
  /** Looked at after every stored request too, not only by the scheduled retry (the alert). */
  afterEveryRequest?: boolean;
};

/** A delivery claimed for its send. */
export type Delivery = {
  id: string;
  channel: string;
  /** The request it delivers, as stored; null for a day's or a month's. */
  request: StoredRequest | null;
  /** The day or month it delivers ('YYYY-MM-DD'); null for a request's. */
  period: string | null;
  /** Which attempt this is: 1 the first. */
  attempt: number;
  /** What the channel's own rule in claim_deliveries hands its send (the receipt's facts, a day's count, …). */
  context: unknown;
};

/** A channel: its policy, and a send that throws when the message did not go out (for good when `isPermanent`). */
export type Channel = { policy: Policy } & (
  | { send(delivery: Delivery): Promise<void> }
  /** All that is due at once, as one message (the alert). */
  | { sendTogether(deliveries: Delivery[]): Promise<void> }
);

/** What one run did, per channel that had anything to do. */
export type RunCounts = Record<string, { sent: number; failed: number }>;

export type Outbox = ReturnType<typeof createOutbox>;

/** A refusal that sending again cannot change: an SMTP 5xx reply (550 unknown mailbox), or an error that says so (an API's 4xx). */
export function isPermanent(error: unknown): boolean {
  const { responseCode, permanent } = (error ?? {}) as { responseCode?: unknown; permanent?: unknown };
  return permanent === true || (typeof responseCode === "number" && responseCode >= 500 && responseCode < 600);
}

/** Why a send failed, for the row and the log: the error's name and codes, never its text (it may quote an address). */
export function failureReason(error: unknown): string {
  const code = (error as { responseCode?: number })?.responseCode;
  return error instanceof Error ? `${error.name}: ${(error as { code?: string }).code ?? ""} ${code ?? ""}`.trim() : "unknown";
}

type Claimed = Delivery & { requestId: string | null; expired: boolean; note: string | null };

/** What a log line names of a batch: its request or period, never what it says. */
const about = (batch: Claimed[]) =>
  batch.length > 1
    ? { requestIds: batch.map((delivery) => delivery.requestId) }
    : { requestId: batch[0].requestId ?? undefined, period: batch[0].period ?? undefined };

/** The outbox over `channels`, in the order a run sends them (a channel that waits for another comes after it). */
export function createOutbox(sql: Sql, channels: Record<string, Channel>, log: Logger) {
  const names = Object.keys(channels);
  const together = (name: string) => "sendTogether" in channels[name];

  async function claim(only: string[], requestId: string | null, limit: number): Promise<Claimed[]> {
    const policies = Object.fromEntries(only.map((name) => [name, channels[name].policy]));
    const rows = await sql<(Omit<Claimed, "request"> & { request: { receivedAt: string } | null })[]>`
      select id, channel, request_id as "requestId", to_char(period, 'YYYY-MM-DD') as period, attempt, expired, note, request, context
      from public.claim_deliveries(${sql.json(policies)}, ${requestId}, ${limit})`;
    // The request's fields as StoredRequest names them (claim_deliveries writes them so), its time a Date.
    return rows.map((row) => ({
      ...row,
      request: row.request && ({ ...row.request, receivedAt: new Date(row.request.receivedAt) } as StoredRequest),
    }));
  }

  /** Records how a batch of one channel went; the states it ended in (none for a delivery whose lease another took over). */
  async function finish(name: string, batch: Claimed[], error: string | null, permanent: boolean): Promise<string[]> {
    const rows = await sql<{ state: string }[]>`
      select state from public.finish_deliveries(${batch.map((delivery) => delivery.id)}::bigint[],
        ${batch.map((delivery) => delivery.attempt)}::int[], ${error}, ${permanent}, ${sql.json(channels[name].policy)})`;
    return rows.map((row) => row.state);
  }

  /** Sends one claimed batch of one channel and records it; true when it went out. A send never throws out of here. */
  async function deliver(name: string, batch: Claimed[]): Promise<boolean> {
    const channel = channels[name];
    try {
      await ("sendTogether" in channel ? channel.sendTogether(batch) : channel.send(batch[0]));
    } catch (error) {
      const reason = failureReason(error);
      const states = await finish(name, batch, reason, isPermanent(error)).catch((): string[] => []);
      const givenUp = states.includes("failed");
      log({
        event: `${name}_${givenUp ? "undeliverable" : "failed"}`,
        level: givenUp ? "error" : "warn",
        ...about(batch),
        attempt: batch[0].attempt,
        reason,
      });
      return false;
    }
    await finish(name, batch, null, false);
    log({ event: `${name}_sent`, ...about(batch), attempt: batch[0].attempt });
    return true;
  }

  /** Gives up a delivery past its channel's horizon with its last error, as a send that failed for good. */
  async function expire(name: string, delivery: Claimed) {
    const reason = delivery.note ?? "past its horizon";
    await finish(name, [delivery], reason, true);
    log({ event: `${name}_undeliverable`, level: "error", ...about([delivery]), attempt: delivery.attempt - 1, reason });
  }

  /** Sends the claimed deliveries of one request side by side; what waits for one of them goes once it is out. */
  async function sendEach(requestId: string, claimed: Claimed[]): Promise<void> {
    await Promise.all(
      claimed.map(async (delivery) => {
        if (!(await deliver(delivery.channel, [delivery]))) return;
        const next = names.filter((name) => channels[name].policy.after === delivery.channel);
        if (next.length) await sendEach(requestId, await claim(next, requestId, next.length));
      }),
    );
  }

  /**
   * Everything due of one channel, a small batch at a time, until none is left: a send may queue the
   * next (a month's statement the next month's). What is sent together goes at once, in one claim.
   */
  async function sendDueOf(name: string): Promise<{ sent: number; failed: number }> {
    const count = { sent: 0, failed: 0 };
    const limit = together(name) ? 1000 : 5;
    for (;;) {
      const batch = await claim([name], null, limit);
      for (const delivery of batch.filter((one) => one.expired)) {
        await expire(name, delivery);
        count.failed++;
      }
      const fresh = batch.filter((one) => !one.expired);
      if (together(name)) {
        if (fresh.length) count[(await deliver(name, fresh)) ? "sent" : "failed"] += fresh.length;
        return count;
      }
      for (const delivery of fresh) count[(await deliver(name, [delivery])) ? "sent" : "failed"]++;
      if (batch.length === 0) return count;
    }
  }

  return {
    /**
     * Sends what is due of a request just stored, its channels side by side (a slow SMS provider holds
     * up no e-mail), then what every request looks at (the alert). Never throws: what it could not
     * send stays due for the scheduled retry.
     */
    async sendFor(requestId: string): Promise<void> {
      try {
        const own = names.filter((name) => !together(name));
        await sendEach(requestId, await claim(own, requestId, own.length));
        for (const name of names.filter((one) => channels[one].policy.afterEveryRequest)) await sendDueOf(name);
      } catch (error) {
        log({ event: "outbox_deferred", level: "warn", requestId, errorName: (error as Error)?.name });
      }
    },

    /**
     * Sends everything due, channel by channel in their order; what each sent and failed. A channel
     * whose run breaks (the database) does not stop the others; the run then throws the first error.
     */
    async sendDue(): Promise<RunCounts> {
      const counts: RunCounts = {};
      let broken: unknown = null;
      for (const name of names) {
        try {
          const count = await sendDueOf(name);
          if (count.sent + count.failed > 0) counts[name] = count;
        } catch (error) {
          log({
            event: "outbox_run_failed",
            level: "error",
            channel: name,
            errorName: (error as Error)?.name,
            code: (error as { code?: unknown })?.code,
          });
          broken ??= error;
        }
      }
      if (broken) throw broken;
      return counts;
    },
  };
}
