// The quote form's DOM events, fired from the host element (bubbling, composed) for the page's or the
// partner's own analytics. Documented in README.md.
import { dispatchFrom } from "../shared/mount.tsx";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import type { SendResult } from "./send-quote.ts";

export type QuoteSentDetail = { requestId: string };
export type QuoteFailedDetail = { requestId: string | null; status: number | null };

/** The `onResult` callback that turns a send result into `quote-sent` or `quote-failed`. */
export const reportResultFrom = (host: HTMLElement) => (result: SendResult) =>
  result.ok
    ? dispatchFrom<QuoteSentDetail>(host, "quote-sent", { requestId: result.id })
    : dispatchFrom<QuoteFailedDetail>(host, "quote-failed", { requestId: result.requestId ?? null, status: result.status ?? null });

/** What a sending island adds at hydration: its results as these events, and the page's notices region. */
export const reportToPage = (host: HTMLElement) => {
  ensureNoticesRegion("elektriker-notices");
  return { onResult: reportResultFrom(host) };
};
