// The build says how many of the shipped examples are left, in Danish, and nothing once they are gone.
import { describe, expect, it } from "vitest";
import { examplesNotice } from "../../site/_lib/examples.js";

/** A loader of data files with `counts` examples among two entries of each collection. */
const withExamples = (/** @type {Record<string, number>} */ counts) => (/** @type {string} */ name) => {
  const entries = [0, 1].map((index) => ({ title: `Opgave ${index}`, example: index < (counts[name] ?? 0) }));
  return name === "prices" ? { items: entries } : entries;
};

describe("the notice of examples left", () => {
  it("names each collection with examples left, one and many, in Danish", () => {
    expect(examplesNotice(withExamples({ prices: 2, jobs: 1, reviews: 2 }))).toMatch(
      /^Bemærk: 2 priser, 1 opgave og 2 anmeldelser er stadig eksempler, som vi har skrevet \(feltet Eksempel i CMS'et\)\./,
    );
    expect(examplesNotice(withExamples({ reviews: 1 }))).toMatch(/^Bemærk: 1 anmeldelse er stadig et eksempel, som vi har skrevet/);
  });

  it("says nothing once the firm has written its own", () => {
    expect(examplesNotice(withExamples({}))).toBe("");
  });
});
