// Sends requests that could not leave the device (no connection, or the function's "try later") once
// they may go: at the browser's `online` event, and, while the browser believes it is online (a network
// that is up with no way out, or a function that is busy), again after 5 s, 10 s, 20 s … at most every
// 5 minutes. Each goes under the idempotency key of its first attempt, so the function stores it once
// however often it arrives and answers a repeat with its first answer. Where the requests wait is the
// caller's: on the firm's pages the device's IndexedDB (send-kept.ts), in the partner embed the page's
// memory (embed.tsx keeps nothing on a partner's origin).
import type { SiteFacts } from "../shared/site-facts.ts";
import { notify } from "../shared/notices.ts";
import { type Backend, type QuoteBody, sendQuote } from "./send-quote.ts";

/** A request waiting for the connection. */
export type Waiting = { key: string; backend: Backend; body: QuoteBody | FormData };
/** Where requests wait: what is there, and taking one away once it is settled. */
export type WaitingPlace = { list(): Promise<Waiting[]>; forget(key: string): Promise<void> };

/** How long the notice that a kept request has gone stays (docs/product.md#offline). */
export const SENT_LATER_NOTICE_MS = 8_000;
const RETRY = { firstMs: 5_000, capMs: 300_000 };

/** The notice once a kept request has gone. */
export const sentLaterNotice = () =>
  notify({
    title: "Din forespørgsel er sendt",
    description: "Den forespørgsel, vi gemte til senere, er nu kommet frem. Vi kontakter dig hurtigst muligt.",
    durationMs: SENT_LATER_NOTICE_MS,
  });

/**
 * Sends what waits in `place` now and whenever the connection may be back, until nothing is left.
 * `exclusive` runs a round so that two tabs never send the same request at once (send-kept.ts).
 */
export function sendLater(place: WaitingPlace, facts: Pick<SiteFacts, "phone">, exclusive = (round: () => Promise<void>) => round()) {
  let retry = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  /** One round: true when something is still waiting for the connection. */
  const round = async () => {
    let waiting = false;
    await exclusive(async () => {
      for (const request of await place.list()) {
        const result = await sendQuote(request.backend, request.body, request.key);
        // No answer: still no connection; the rest waits too.
        if (!result.ok && result.status === undefined) {
          waiting = true;
          return;
        }
        // Busy or unavailable: it is worth trying again later.
        if (!result.ok && (result.status === 429 || (result.status ?? 0) >= 500)) {
          waiting = true;
          continue;
        }
        await place.forget(request.key);
        if (result.ok) sentLaterNotice();
        else
          notify({
            title: "Din forespørgsel kunne ikke sendes",
            description: `${result.message ?? "Der opstod en fejl."} Ring til os på ${facts.phone.display}.`,
            variant: "destructive",
            durationMs: SENT_LATER_NOTICE_MS,
            phone: facts.phone,
          });
      }
    });
    return waiting;
  };
  const attempt = async () => {
    clearTimeout(timer);
    if (running) return;
    running = true;
    const waiting = await round().catch(() => true);
    running = false;
    if (!waiting) {
      retry = 0;
      removeEventListener("online", attempt);
      return;
    }
    addEventListener("online", attempt);
    // Offline as far as the browser knows: the `online` event says when to try; else try again later.
    if (navigator.onLine !== false) timer = setTimeout(attempt, Math.min(RETRY.firstMs * 2 ** retry++, RETRY.capMs));
  };
  /** After a request was kept: not at once (it has just failed for want of a connection), but when it may be back. */
  const later = () => {
    addEventListener("online", attempt);
    clearTimeout(timer);
    if (navigator.onLine !== false) timer = setTimeout(attempt, RETRY.firstMs);
  };
  return { attempt, later };
}

/** The partner embed's keeper: the request waits in the page's memory, nothing on the partner's origin. */
export function keepInMemory(facts: Pick<SiteFacts, "phone">) {
  const waiting = new Map<string, Waiting>();
  const { later } = sendLater({ list: async () => [...waiting.values()], forget: async (key) => void waiting.delete(key) }, facts);
  return async (key: string, backend: Backend, body: QuoteBody | FormData) => {
    waiting.set(key, { key, backend, body });
    later();
    return true;
  };
}
