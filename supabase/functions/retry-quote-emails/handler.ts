// The retry-quote-emails handler: reads the site's facts (applying a new copy's retention and receipt
// settings), then sends everything due in the outbox (outbox.ts): the e-mails, receipts and SMS not out
// yet, a past month's statement, the alert. Supabase Cron calls it on a schedule (a migration schedules
// it; docs/deploy.md); the local runner calls it itself. On Supabase it answers 202 at once and sends in
// the background (EdgeRuntime.waitUntil): pg_net stops waiting after its timeout, and a long batch must
// not look like a failed call.
import type { Config } from "../_shared/config.ts";
import type { Logger } from "../_shared/log.ts";
import type { Outbox } from "../_shared/outbox.ts";
import { sameSecret } from "../_shared/secrets.ts";
import type { SiteFactsSource } from "../_shared/site-facts.ts";

export type Deps = {
  config: Config;
  outbox: Pick<Outbox, "sendDue">;
  log: Logger;
  /** The runtime's background-task hook (runtime.ts); without it the run is awaited and its counts answered. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** The site's facts (site-facts.ts): read from the site on every run, and a new copy saved and applied. */
  siteFacts?: SiteFactsSource;
};

/** Creates the request handler of the retry-quote-emails function. */
export function createRetryHandler({ config, outbox, log, waitUntil, siteFacts }: Deps) {
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
        const counts = await outbox.sendDue();
        if (Object.keys(counts).length > 0) log({ event: "retry_run", ...counts });
        return counts;
      } catch (error) {
        log({ event: "retry_failed", level: "error", errorName: (error as Error)?.name, code: (error as { code?: unknown })?.code });
        return null;
      }
    };
    if (waitUntil) {
      waitUntil(run());
      return json(202, { accepted: true });
    }
    const counts = await run();
    return counts ? json(200, counts) : json(503, { error: "retry failed" });
  };
}
