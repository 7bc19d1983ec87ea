// The retry-quote-emails handler: sends every stored request whose e-mail is not out yet, with backoff.
// Supabase Cron calls it on a schedule (README "Deploy"); the local runner calls it itself.
import type { Config } from "../_shared/config.ts";
import type { Logger } from "../_shared/log.ts";
import type { Mailer } from "../_shared/mail.ts";
import { type Alerter, createAlerter } from "../_shared/alerts.ts";
import { retryDue } from "../_shared/mail-delivery.ts";
import { sameSecret } from "../_shared/secrets.ts";
import type { Store } from "../_shared/store.ts";

export type Deps = { config: Config; store: Store; mailer: Mailer; log: Logger; alert?: Alerter };

/** Creates the request handler of the retry-quote-emails function. */
export function createRetryHandler({ config, store, mailer, log, alert = createAlerter(config.alertWebhookUrl, log) }: Deps) {
  return async function handle(request: Request): Promise<Response> {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
    if (request.method !== "POST") return json(405, { error: "POST only" });
    if (!(await sameSecret(request.headers.get("authorization") ?? "", `Bearer ${config.cronSecret}`)))
      return json(401, { error: "unauthorized" });
    try {
      const result = await retryDue(store, mailer, log, alert);
      if (result.sent + result.failed > 0) log({ event: "retry_run", ...result });
      return json(200, result);
    } catch (error) {
      log({ event: "retry_failed", level: "error", errorName: (error as Error)?.name, code: (error as { code?: unknown })?.code });
      return json(503, { error: "retry failed" });
    }
  };
}
