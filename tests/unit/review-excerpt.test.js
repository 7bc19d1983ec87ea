// A review outside /anmeldelser is cut to an excerpt: whole sentences when they say enough, else whole words.
import { describe, expect, it } from "vitest";
import { REVIEW_EXCERPT_CHARS, reviewAnchor, reviewExcerpt } from "../../site/_lib/reviews.js";

const sentence = (words) => `${Array.from({ length: words }, (_, index) => (index ? "ord" : "Ord")).join(" ")}.`;

describe("a review's excerpt", () => {
  it("is the whole text when it fits", () => {
    const text = "x".repeat(REVIEW_EXCERPT_CHARS);
    expect(reviewExcerpt(text)).toEqual({ text, cut: false });
  });

  it("ends after the last whole sentence that fits, with an ellipsis", () => {
    const first = sentence(25);
    const text = `${first} ${sentence(40)}`;
    expect(first.length).toBeGreaterThan(REVIEW_EXCERPT_CHARS / 2);
    expect(reviewExcerpt(text)).toEqual({ text: `${first} …`, cut: true });
  });

  it("ends after the last whole word when no sentence fits well, never inside a word", () => {
    const text = `Kort. ${"elektrikeren kom til tiden, ".repeat(10)}`;
    const { text: shown, cut } = reviewExcerpt(text);
    expect(cut).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(REVIEW_EXCERPT_CHARS + 2);
    expect(shown).toMatch(/(elektrikeren|kom|til|tiden) …$/);
    expect(text.startsWith(shown.slice(0, -2))).toBe(true);
  });

  it("gives each review an address from its customer and month, in the letters of a URL", () => {
    expect(reviewAnchor({ name: "Søren Æbelø", date: "2026-11" })).toBe("anmeldelse-soren-abelo-2026-11");
  });
});
