// Sending the firm's e-mail for stored requests, shared by the submit handler and the retry job.
import type { Mailer } from "./mail.ts";
import type { Store, StoredRequest } from "./store.ts";
import type { Logger } from "./log.ts";

/** Sends the e-mail for a claimed row and records the outcome; never throws. */
export async function deliver(store: Store, mailer: Mailer, row: StoredRequest, log: Logger): Promise<boolean> {
  try {
    await mailer.send(row);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${(error as { code?: string }).code ?? ""}`.trim() : "unknown";
    log({ event: "mail_failed", level: "warn", requestId: row.id, attempt: row.attempts, reason });
    await store.markFailed(row, reason).catch(() => {});
    return false;
  }
  await store.markSent(row);
  log({ event: "mail_sent", requestId: row.id, attempt: row.attempts });
  return true;
}

/** Claims and sends every due row, a small batch at a time (well inside a claim); returns sent and failed counts. */
export async function retryDue(store: Store, mailer: Mailer, log: Logger, batch = 5) {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const rows = await store.claimDue(batch);
    for (const row of rows) (await deliver(store, mailer, row, log)) ? sent++ : failed++;
    if (rows.length < batch) break;
  }
  return { sent, failed };
}
