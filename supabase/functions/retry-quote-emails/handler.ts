// The retry-quote-emails handler: reads the site's facts (applying a new copy's retention and receipt
// settings), then sends every stored request whose e-mail is not out yet, with backoff.
// Supabase Cron calls it on a schedule (a migration schedules it; docs/deploy.md); the local runner calls
// it itself. On Supabase it answers 202 at once and sends in the background (EdgeRuntime.waitUntil):
// pg_net stops waiting after its timeout, and a long batch must not look like a failed call.
import type { Config } from "../_shared/config.ts";
import type { Logger } from "../_shared/log.ts";
import type { Mailer } from "../_shared/mail.ts";
import { type Alerter, createAlerter } from "../_shared/alerts.ts";
import { retryDue } from "../_shared/mail-delivery.ts";
import type { Receipts } from "../_shared/receipt-delivery.ts";
import type { LeadSms } from "../_shared/sms-delivery.ts";
import { sameSecret } from "../_shared/secrets.ts";
import type { SiteFactsSource } from "../_shared/site-facts.ts";
import type { Store } from "../_shared/store.ts";

export type Deps = {
  config: Config;
  store: Store;
  mailer: Mailer;
  log: Logger;
  alert?: Alerter;
  /** Sends each past month's statement not yet mailed to the firm, oldest first (monthly-statement.ts); once per month. */
  sendDueStatement?: () => Promise<unknown>;
  /** The runtime's background-task hook (runtime.ts); without it the batch is awaited and its counts answered. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Sends the customers' receipts that are due, after the firm's e-mails (receipt-delivery.ts); none without it. */
  receipts?: Receipts;
  /** The site's facts (site-facts.ts): read from the site on every run, and a new copy saved and applied. */
  siteFacts?: SiteFactsSource;
  /** Sends the firm's SMS still due, and a past day's summary of the requests over the cap (sms-delivery.ts); none without it. */
  sms?: LeadSms;
};

/** Creates the request handler of the retry-quote-emails function. */
export function createRetryHandler({
  config,
  store,
  mailer,
  log,
  alert = createAlerter(config.alertWebhookUrl, log),
  sendDueStatement,
  waitUntil,
  receipts,
  siteFacts,
  sms,
}: Deps) {
  return async function handle(request: Request): Promise<Response> {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
    if (request.method !== "POST") return json(405, { error: "POST only" });
    if (!(await sameSecret(request.headers.get("authorization") ?? "", `Bearer ${config.cronSecret}`)))
      return json(401, { error: "unauthorized" });
    const run = async () => {
      try {
        // First, so that the receipts of this run state the facts the site publishes now.
        await siteFacts?.refresh();
        const result = await retryDue(store, mailer, log, alert);
        if (result.sent + result.failed > 0) log({ event: "retry_run", ...result });
        // After the firm's e-mails, so a receipt never goes before its request's e-mail; its counts are its own.
        const receipted = await receipts?.sendDue().catch((error) => {
          log({ event: "receipt_retry_failed", level: "error", errorName: (error as Error)?.name });
          return null;
        });
        if (receipted && receipted.sent + receipted.failed > 0) log({ event: "receipt_run", ...receipted });
        // Its own state and counts: an SMS that fails never holds back or fails the e-mails' run.
        const texted = await sms?.sendDue().catch((error) => {
          log({ event: "sms_retry_failed", level: "error", errorName: (error as Error)?.name });
          return null;
        });
        if (texted && texted.sent + texted.failed > 0) log({ event: "sms_run", ...texted });
        await sendDueStatement?.();
        return result;
      } catch (error) {
        log({ event: "retry_failed", level: "error", errorName: (error as Error)?.name, code: (error as { code?: unknown })?.code });
        return null;
      }
    };
    if (waitUntil) {
      waitUntil(run());
      return json(202, { accepted: true });
    }
    const result = await run();
    return result ? json(200, result) : json(503, { error: "retry failed" });
  };
}
