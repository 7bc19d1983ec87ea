// The firm's pages: keeping a request that could not leave the device, and sending what is kept (loaded
// by the quote form when it keeps one, and by every page when the flag says something is kept:
// kept-check.ts). Two tabs of the site may both wake up with the connection: a Web Lock lets one send
// and the other skip its round, so the visitor sees one notice (the idempotency key already makes the
// backend safe); a tab that skipped finds nothing left on its next round.
import { SITE_FACTS } from "../shared/compiled-site-facts.ts";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import { bodyOf, forgetRequest, keepRequest, keptRequests } from "./kept-requests.ts";
import type { Backend, QuoteBody } from "./send-quote.ts";
import { sendLater } from "./send-later.ts";

const LOCK = "elektriker-kept";

const exclusive = async (round: () => Promise<void>) => {
  if (!navigator.locks) return round();
  await navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await round();
  });
};

const { attempt, later } = sendLater(
  {
    list: async () => (await keptRequests()).map((kept) => ({ key: kept.key, backend: kept.backend, body: bodyOf(kept) })),
    forget: forgetRequest,
  },
  SITE_FACTS,
  exclusive,
);

/** Sends what is kept on this device, now and when the connection is back; the notices show on any page. */
export function sendKept(): void {
  ensureNoticesRegion("elektriker-notices");
  void attempt();
}

/** Keeps a request on this device and sends it once the connection is back; false if it cannot be kept. */
export async function keepOnDevice(key: string, backend: Backend, body: QuoteBody | FormData): Promise<boolean> {
  if (!(await keepRequest(key, backend, body))) return false;
  ensureNoticesRegion("elektriker-notices");
  later();
  return true;
}
