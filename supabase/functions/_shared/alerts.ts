// Telling the firm about requests whose e-mail did not arrive, through another channel than the mail
// that failed: a JSON POST to ALERT_WEBHOOK_URL (an SMS gateway, a chat webhook). Every call is logged;
// without the setting the error-level log line is the alert. A request counts as alerted only once the
// webhook answered 2xx: one that failed or did not answer in time is alerted again by the next request
// or scheduled retry.
import type { Logger } from "./log.ts";
import type { Store } from "./store.ts";

export type Alerter = (
  store: Pick<Store, "takeUnalerted" | "markAlerted" | "releaseAlert" | "openAlertGate" | "closeAlertGate">,
) => Promise<void>;

/** How long the webhook may take to answer: a hung one must not hold the sender for long. */
export const ALERT_TIMEOUT_MS = 5_000;

/**
 * The least time between two alerts: every stored request looks for requests to alert about, so a
 * stranger who makes requests held would otherwise decide how often the firm's channel fires. The first
 * alert goes at once; what comes within the interval after it goes together in the next one, counted
 * (the next request or scheduled retry after the interval sends it).
 */
export const ALERT_INTERVAL_MINUTES = 15;

/**
 * Sends one alert for every request not yet alerted about that is failed, held or over an hour unsent,
 * at most one per ALERT_INTERVAL_MINUTES (the alert gate).
 */
export function createAlerter(
  webhookUrl: string | undefined,
  log: Logger,
  fetcher: typeof fetch = fetch,
  timeoutMs = ALERT_TIMEOUT_MS,
): Alerter {
  return async (store) => {
    const rows = await store.takeUnalerted();
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    if (!(await store.openAlertGate())) return await store.releaseAlert(ids);
    const failed = rows.filter((row) => row.status === "failed").length;
    const held = rows.filter((row) => row.status === "held").length;
    const waiting = rows.length - failed - held;
    const text = `${rows.length} forespørgsel${rows.length === 1 ? "" : "er"} fra hjemmesiden er ikke nået frem som e-mail (${failed} opgivet, ${waiting} venter stadig, ${held} holdt tilbage: over grænsen for e-mails til én adresse). Se listen med: npm run leads -- --undelivered`;
    log({ event: "leads_undelivered", level: "error", requestIds: ids, failed, held });
    if (!webhookUrl) {
      await store.markAlerted(ids);
      return await store.closeAlertGate(true);
    }
    let delivered = false;
    try {
      const response = await fetcher(webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ event: "quote_requests_undelivered", text, requestIds: ids, failed, held, count: rows.length }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      delivered = response.ok;
      if (!delivered) log({ event: "alert_failed", level: "error", status: response.status });
    } catch (error) {
      log({ event: "alert_failed", level: "error", errorName: (error as Error)?.name });
    }
    await (delivered ? store.markAlerted(ids) : store.releaseAlert(ids));
    await store.closeAlertGate(delivered);
  };
}
