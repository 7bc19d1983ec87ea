// Telling the firm about requests whose e-mail did not arrive, through another channel than the mail
// that failed: a JSON POST to ALERT_WEBHOOK_URL (an SMS gateway, a chat webhook). Every call is logged;
// without the setting the error-level log line is the only signal.
import type { Logger } from "./log.ts";
import type { Store } from "./store.ts";

export type Alerter = (store: Pick<Store, "takeUnalerted">) => Promise<void>;

/** Sends one alert for every request not yet alerted about that is failed or over an hour unsent. */
export function createAlerter(webhookUrl: string | undefined, log: Logger, fetcher: typeof fetch = fetch): Alerter {
  return async (store) => {
    const rows = await store.takeUnalerted();
    if (rows.length === 0) return;
    const failed = rows.filter((row) => row.status === "failed").length;
    const text = `${rows.length} forespørgsel${rows.length === 1 ? "" : "er"} fra hjemmesiden er ikke nået frem som e-mail (${failed} opgivet, ${rows.length - failed} venter stadig). Se listen med: npm run leads -- --undelivered`;
    log({ event: "leads_undelivered", level: "error", requestIds: rows.map((row) => row.id), failed });
    if (!webhookUrl) return;
    try {
      const response = await fetcher(webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          event: "quote_requests_undelivered",
          text,
          requestIds: rows.map((row) => row.id),
          failed,
          count: rows.length,
        }),
      });
      if (!response.ok) log({ event: "alert_failed", level: "error", status: response.status });
    } catch (error) {
      log({ event: "alert_failed", level: "error", errorName: (error as Error)?.name });
    }
  };
}
