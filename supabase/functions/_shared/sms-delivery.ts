// Sending the firm's SMS about each new lead (sms-text.ts writes it, sms-gateway.ts sends it), on a state
// of its own in Postgres (the migration 20261128000000_sms.sql): one row per stored request that is not
// held, claimed by one sender at a time, retried by the scheduled retry with backoff, and capped per
// Copenhagen day with one summary of the rest. It never touches the e-mail's state.
import type { Logger } from "./log.ts";
import { failureReason } from "./mail-delivery.ts";
import { createSmsSender, type SmsSettings } from "./sms-gateway.ts";
import { leadSmsText, overCapSmsText } from "./sms-text.ts";
import type { Sql } from "./store.ts";

/**
 * After this long an SMS that still fails is given up (the row ends failed, logged): its point is to
 * reach the firm within seconds, and the e-mail carries the lead anyway. It also keeps a firm that sets
 * the SMS secrets later from getting a burst about older leads.
 */
export const SMS_HORIZON_HOURS = 6;

/** How long a claimed SMS stays reserved for its sender (well over the provider's timeout). */
const CLAIM_SECONDS = 120;

export type LeadSms = {
  /** Sends the SMS of one request just stored, unless another sender has it; never throws. */
  sendFor(id: string): Promise<void>;
  /** Marks a deploy check's request as asking for its test SMS (before sendFor). */
  askTest(id: string): Promise<void>;
  /** Sends every due SMS, then the summary of a past day over its cap; returns sent and failed counts. */
  sendDue(batch?: number): Promise<{ sent: number; failed: number }>;
};

type Claimed = { id: string; attempt: number; name: string; phone: string; location: string; kind: string | null; deployCheck: boolean };

const isPermanent = (error: unknown) => (error as { permanent?: unknown })?.permanent === true;

/** The SMS of leads over GatewayAPI (or the endpoint `settings` names) with `settings`. */
export function createLeadSms(sql: Sql, settings: SmsSettings, log: Logger): LeadSms {
  const send = createSmsSender(settings);
  async function claim(ids: string[] | null, limit: number): Promise<Claimed[]> {
    return await sql<Claimed[]>`
      select request_id as id, attempt, name, phone, location, kind, deploy_check as "deployCheck"
      from public.claim_lead_sms(${ids}::uuid[], ${limit}, ${settings.dailyLimit}, ${SMS_HORIZON_HOURS}, ${CLAIM_SECONDS})`;
  }

  async function finish(row: Claimed, error: string | null, permanent: boolean): Promise<string | null> {
    const [result] = await sql<{ status: string | null }[]>`
      select public.finish_lead_sms(${row.id}, ${row.attempt}, ${error}, ${permanent}, ${SMS_HORIZON_HOURS}) as status`;
    return result?.status ?? null;
  }

  /** Sends one claimed SMS and records the outcome; the log names the request, never what the SMS says. */
  async function deliver(row: Claimed): Promise<boolean> {
    try {
      await send(leadSmsText({ ...row, kind: row.deployCheck ? "test" : row.kind }));
    } catch (error) {
      const reason = failureReason(error);
      const status = await finish(row, reason, isPermanent(error)).catch(() => null);
      if (status === "failed") log({ event: "sms_undeliverable", level: "error", requestId: row.id, attempt: row.attempt, reason });
      else log({ event: "sms_failed", level: "warn", requestId: row.id, attempt: row.attempt, reason });
      return false;
    }
    await finish(row, null, false);
    log({ event: "sms_sent", requestId: row.id, attempt: row.attempt });
    return true;
  }

  /** The one SMS about a past day's requests over the cap, once (claim_sms_summary says when it is due). */
  async function sendSummary() {
    const [due] = await sql<{ day: string; count: number; attempt: number }[]>`
      select to_char(day, 'YYYY-MM-DD') as day, over_cap as count, attempt from public.claim_sms_summary(${CLAIM_SECONDS})`;
    if (!due) return;
    let error: unknown = null;
    await send(overCapSmsText({ day: due.day, count: due.count, dailyLimit: settings.dailyLimit })).catch((caught) => (error = caught));
    const reason = error === null ? null : failureReason(error);
    await sql`select public.finish_sms_summary(${due.day}::date, ${due.attempt}, ${reason}, ${isPermanent(error)})`;
    if (error === null) log({ event: "sms_summary_sent", day: due.day, count: due.count });
    else log({ event: isPermanent(error) ? "sms_summary_undeliverable" : "sms_summary_failed", level: "error", day: due.day, reason });
  }

  return {
    async sendFor(id) {
      try {
        for (const row of await claim([id], 1)) await deliver(row);
      } catch (error) {
        // The SMS stays due: the scheduled retry sends it.
        log({ event: "sms_deferred", level: "warn", requestId: id, errorName: (error as Error)?.name });
      }
    },
    async askTest(id) {
      await sql`select public.ask_test_sms(${id})`;
    },
    async sendDue(batch = 5) {
      let sent = 0;
      let failed = 0;
      // The provider failed for the whole horizon: given up, each with its error log line.
      const expired = await sql<{ id: string; attempt: number; reason: string | null }[]>`
        select request_id as id, attempt, last_error as reason from public.expire_lead_sms(${SMS_HORIZON_HOURS})`;
      for (const row of expired)
        log({ event: "sms_undeliverable", level: "error", requestId: row.id, attempt: row.attempt, reason: row.reason });
      failed += expired.length;
      for (;;) {
        const rows = await claim(null, batch);
        for (const row of rows) (await deliver(row)) ? sent++ : failed++;
        if (rows.length < batch) break;
      }
      await sendSummary();
      return { sent, failed };
    },
  };
}
