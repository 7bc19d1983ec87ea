// Sending customers' receipts (receipt-text.ts), after the firm's e-mail and retried like it, on a state
// of their own (the baseline migration): the database hands out only receipts whose firm's e-mail is
// sent, and a receipt that fails is never the firm's e-mail's business.
import type { Logger } from "./log.ts";
import { failureReason, isPermanent } from "./mail-delivery.ts";
import type { MailTransport } from "./mail-transport.ts";
import { buildReceipt, type ClaimedReceipt, type ReceiptSettings, receiptFactsSchema } from "./receipt-text.ts";
import { RETRY_HORIZON_HOURS, type Sql } from "./store.ts";

/** Receipts one address gets in 24 hours; requests over it are stored and mailed to the firm as ever (README). */
export const RECEIPTS_PER_ADDRESS_PER_DAY = 3;

/** How long a claimed receipt stays reserved for its sender, as the firm's e-mail's claim. */
const CLAIM_SECONDS = 300;

export type Receipts = {
  /** Sends the receipt of one request, if it is due (its firm's e-mail out); never throws. */
  sendFor(id: string): Promise<void>;
  /** Sends every due receipt, a small batch at a time; returns sent and failed counts. */
  sendDue(batch?: number): Promise<{ sent: number; failed: number }>;
};

/** Receipts over the given transport, with the firm's facts read from the database (receipt_settings). */
export function createReceipts(sql: Sql, transport: MailTransport, settings: ReceiptSettings, log: Logger): Receipts {
  type Row = Omit<ClaimedReceipt, "facts"> & { facts: unknown };

  /** Records the outcome of a claimed receipt (null error: sent), fenced by its attempt. */
  async function finish(row: Row, error: string | null, permanent: boolean): Promise<string | null> {
    const [result] = await sql<{ status: string | null }[]>`
      select public.finish_receipt(${row.id}, ${row.attempts}, ${error}, ${permanent}, ${RETRY_HORIZON_HOURS}) as status`;
    return result?.status ?? null;
  }

  async function send(row: Row): Promise<boolean> {
    const facts = receiptFactsSchema.safeParse(row.facts);
    if (!facts.success) {
      // Saved by another version of the functions (site-facts.ts): no retry can mend it, the next copy of the site's facts will.
      log({ event: "receipt_settings_invalid", level: "error", requestId: row.id, fix: "publish the site (site-facts.json)" });
      await finish(row, "receipt_settings invalid", true);
      return false;
    }
    try {
      await transport.send(buildReceipt({ ...row, facts: facts.data }, settings));
    } catch (error) {
      const reason = failureReason(error);
      const status = await finish(row, reason, isPermanent(error)).catch(() => null);
      log({
        event: status === "failed" ? "receipt_undeliverable" : "receipt_failed",
        level: "warn",
        requestId: row.id,
        attempt: row.attempts,
        reason,
      });
      return false;
    }
    await finish(row, null, false);
    log({ event: "receipt_sent", requestId: row.id, attempt: row.attempts });
    return true;
  }

  async function claim(ids: string[] | null, limit: number): Promise<Row[]> {
    return await sql<Row[]>`
      select request_id as id, address as email, place as location, received as "receivedAt", attempt as attempts, facts
      from public.claim_receipts(${ids}::uuid[], ${limit}, ${RECEIPTS_PER_ADDRESS_PER_DAY}, ${CLAIM_SECONDS})`;
  }

  return {
    async sendFor(id) {
      try {
        for (const row of await claim([id], 1)) await send(row);
      } catch (error) {
        log({ event: "receipt_deferred", level: "warn", requestId: id, errorName: (error as Error)?.name });
      }
    },
    async sendDue(batch = 5) {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const rows = await claim(null, batch);
        for (const row of rows) (await send(row)) ? sent++ : failed++;
        if (rows.length < batch) break;
      }
      return { sent, failed };
    },
  };
}
