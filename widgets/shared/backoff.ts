// Retry timing of docs/product.md#business-constants-and-timings: exponential backoff from 1 s, doubling, capped at 30 s, 3 retries.
export const RETRY = { attempts: 3, baseMs: 1_000, capMs: 30_000 } as const;

/** The wait before retry number `retry` (1-based): 1 s, 2 s, 4 s … never above 30 s. */
export function backoffDelay(retry: number): number {
  return Math.min(RETRY.baseMs * 2 ** (retry - 1), RETRY.capMs);
}
