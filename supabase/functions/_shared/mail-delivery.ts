// Sending the firm's e-mail for stored requests, shared by the submit handler and the retry job.
import type { Mailer } from "./mail.ts";
import type { Store, StoredRequest } from "./store.ts";
import type { Alerter } from "./alerts.ts";
import type { Logger } from "./log.ts";

/** An SMTP reply in the 5xx range (550 unknown mailbox, 553 bad address): retrying cannot help. */
export const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/** Why a send failed, for the row and the log: the error's name and codes, never its text (it may quote an address). */
export function failureReason(error: unknown): string {
  const code = (error as { responseCode?: number })?.responseCode;
  return error instanceof Error ? `${error.name}: ${(error as { code?: string }).code ?? ""} ${code ?? ""}`.trim() : "unknown";
}

/**
 * Sends the e-mail for a claimed row and records the outcome; never throws. A row that ends failed is
 * alerted by the caller's alert check, which follows every send (the request's, or the retry run's).
 */
export async function deliver(store: Store, mailer: Mailer, row: StoredRequest, log: Logger): Promise<boolean> {
  try {
    // The photos ride with the e-mail (mail.ts attaches them); a retry reads them again, since they
    // are kept until an e-mail is sent. A request without photos costs no round trip for them.
    await mailer.send({ ...row, photos: row.photoCount ? await store.photosOf(row.id) : [] });
  } catch (error) {
    const reason = failureReason(error);
    const status = await store.markFailed(row, reason, { permanent: isPermanent(error) }).catch(() => null);
    if (status === "failed") log({ event: "mail_undeliverable", level: "error", requestId: row.id, attempt: row.attempts, reason });
    else log({ event: "mail_failed", level: "warn", requestId: row.id, attempt: row.attempts, reason });
    return false;
  }
  await store.markSent(row);
  log({ event: "mail_sent", requestId: row.id, attempt: row.attempts });
  // The firm has the photos now: the database keeps none of a sent request (docs/quote-photos.md). A
  // delete cut short is made good by the scheduled retry's next run (retryDue).
  if (row.photoCount) await store.dropPhotosOf(row.id).catch(() => log({ event: "photos_not_dropped", level: "warn", requestId: row.id }));
  return true;
}

/** Claims and sends every due row, a small batch at a time (well inside a claim); returns sent and failed counts. */
export async function retryDue(store: Store, mailer: Mailer, log: Logger, alert?: Alerter, batch = 5) {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const rows = await store.claimDue(batch);
    for (const row of rows) (await deliver(store, mailer, row, log)) ? sent++ : failed++;
    if (rows.length < batch) break;
  }
  // Photos of sent requests whose delete was cut short (a stopped instance) go on the next run at the latest.
  await store.dropSentPhotos().catch(() => log({ event: "photos_not_dropped", level: "warn" }));
  // After the whole batch: a slow or hung webhook holds none of its e-mails. An alert cut short leaves
  // its rows unalerted for the next request or run.
  await alert?.(store).catch(() => {});
  return { sent, failed };
}
