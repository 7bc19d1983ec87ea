// The build says when the newest review is more than a year old, in Danish, as it says how many examples
// are left, and nothing while a review is newer.
import { describe, expect, it } from "vitest";
import { REVIEW_MAX_AGE_MONTHS, staleReviewsNotice } from "../../site/_lib/review-age.js";

/** A loader whose reviews are of these months, in no particular order. */
const reviewsOf = (/** @type {string[]} */ months) => () => months.map((date, index) => ({ name: `Kunde ${index}`, date }));
const NOVEMBER_2026 = new Date("2026-11-29T12:00:00Z");

describe("the notice of old reviews", () => {
  it("names the newest review's month and its age when it is more than 12 months old", () => {
    expect(REVIEW_MAX_AGE_MONTHS).toBe(12);
    expect(staleReviewsNotice(reviewsOf(["2023-05", "2024-09", "2024-06"]), NOVEMBER_2026)).toBe(
      "Bemærk: Den nyeste anmeldelse er fra september 2024, 26 måneder siden. Læg nyere anmeldelser ind under Anmeldelser i CMS'et: er alle over et år gamle, kan det se ud, som om ingen har brugt jer længe.",
    );
    expect(staleReviewsNotice(reviewsOf(["2025-10"]), NOVEMBER_2026)).toMatch(
      /^Bemærk: Den nyeste anmeldelse er fra oktober 2025, 13 måneder siden/,
    );
  });

  it("says nothing while the newest review is at most 12 months old, or there are none", () => {
    expect(staleReviewsNotice(reviewsOf(["2024-01", "2025-11"]), NOVEMBER_2026)).toBe("");
    expect(staleReviewsNotice(reviewsOf(["2026-11"]), NOVEMBER_2026)).toBe("");
    expect(staleReviewsNotice(reviewsOf([]), NOVEMBER_2026)).toBe("");
  });
});
