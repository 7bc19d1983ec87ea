// The goals the bench's report measures its figures against, in one place (docs/bench.md says where
// each comes from). A figure with no goal here is reported for comparison between runs only.
import { FIRST_ROUND_TRIP_BYTES } from "./page-bytes.js";

export const GOALS = {
  /** Every document, response headers included, arrives in the first round trip of a new connection. */
  documentBytes: FIRST_ROUND_TRIP_BYTES,
  /** Lighthouse mobile, in every run of every page measured. */
  lighthouseMobile: { score: 100, lcpMs: 1000, cls: 0 },
  /** `npm run build` on a fresh clone, and again with nothing changed. */
  buildMs: { fresh: 10_000, warm: 3_000 },
  /** `npm run build:site` warm with a national firm's 1 600 towns (the `scale` part). */
  scale: { towns: 1600, warmMs: 60_000 },
};
