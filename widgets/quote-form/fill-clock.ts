// The clock the quote form measures its fill time with: the page's own (performance.now()), never the
// system clock, which may be minutes off. One function, so the component tests can set the time.
import { QUOTE_RULES } from "#quote-rules";

/** Milliseconds since the page started. */
export const pageTime = () => performance.now();

/**
 * Waits until `elapsedMs()` reports at least the rules' minimum, and returns what it reports then, at
 * most the rules' maximum: the figure sent is the one that was checked. A timer is not that check:
 * Firefox coarsens and jitters performance.now(), so after setTimeout(resolve, rest) the clock may read
 * a millisecond (or, with resistFingerprinting, up to 100) short of the rest, and the function refused a
 * person who had waited. Returns null when `signal` aborts first.
 */
export async function fillTimeReached(elapsedMs: () => number, signal: AbortSignal): Promise<number | null> {
  for (;;) {
    if (signal.aborted) return null;
    const elapsed = elapsedMs();
    if (elapsed >= QUOTE_RULES.minFillMs) return Math.min(elapsed, QUOTE_RULES.maxFillMs);
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, QUOTE_RULES.minFillMs - elapsed)));
  }
}
