// The build's layout helpers: numbers kept on one line, and card grids fitted to their count.
import { describe, expect, it } from "vitest";
import { gridColumns } from "../../site/_lib/grid-columns.js";
import { hoursText } from "../../site/_lib/format.js";
import { keepTextTogether, keepTogether } from "../../site/_lib/keep-together.js";

const wrap = keepTogether("12 34 56 78");

describe("keepTogether", () => {
  it("wraps the phone number, time ranges and numbers with their unit in a no-wrap span", () => {
    expect(wrap("<p>Ring 12 34 56 78 kl. 7.00–17.00, 12 km væk, 75–85 % og 2–4 timer</p>")).toBe(
      '<p>Ring <span class="nowrap">12 34 56 78</span> <span class="nowrap">kl. 7.00–17.00</span>, <span class="nowrap">12 km</span> væk, <span class="nowrap">75–85 %</span> og <span class="nowrap">2–4 timer</span></p>',
    );
  });

  it("keeps the word e-mail, 'døgnvagt 24/7' and a range of weekdays whole, and an e-mail address but after its @", () => {
    // Pages once broke 'kontakt@eksempel- / el.example', 'e- / mail' and 'døgnvagt / 24/7'; whole, the
    // address was wider than a card's text on a 360 px phone.
    expect(wrap("<p>Skriv en e-mail til kontakt@eksempel-el.example, døgnvagt 24/7, mandag–fredag</p>")).toBe(
      '<p>Skriv en <span class="nowrap">e-mail</span> til <span class="nowrap">kontakt@</span><wbr><span class="nowrap">eksempel-el.example</span>, <span class="nowrap">døgnvagt 24/7</span>, <span class="nowrap">mandag–fredag</span></p>',
    );
  });

  it("leaves attributes, scripts and the islands' server-rendered markup alone", () => {
    const html = '<a title="12 km">x</a><script>"12 km"</script><quote-form-island><p>12 km</p></quote-form-island>';
    expect(wrap(html)).toBe(html);
  });

  it("keeps the same runs together in an island's plain text: no-break spaces, a word joiner after a dash", () => {
    const keep = keepTextTogether("12 34 56 78");
    expect(keep("Ring 12 34 56 78, vi er hos dig inden for 2–4 timer, 12 km væk.")).toBe(
      "Ring 12\u00a034\u00a056\u00a078, vi er hos dig inden for 2–\u20604\u00a0timer, 12\u00a0km væk.",
    );
  });
});

describe("gridColumns", () => {
  it("never leaves one card alone on the last row where a column count divides the cards", () => {
    expect(gridColumns(4)).toBe("sm:grid-cols-2 lg:grid-cols-4");
    expect(gridColumns(6)).toBe("sm:grid-cols-2 lg:grid-cols-3");
    expect(gridColumns(3)).toBe("lg:grid-cols-3");
  });

  // A seventh review once failed the whole build ("7 cards leave one alone on the last row").
  it("lays out any other number of cards rather than fail the build", () => {
    for (const count of [5, 7, 11, 13]) expect(gridColumns(count)).toBe("sm:grid-cols-2 lg:grid-cols-3");
  });
});

describe("hoursText", () => {
  it("prints hours in the site's one Danish format", () => {
    expect(hoursText({ label: "mandag–fredag", opens: "07:00", closes: "17:00" })).toBe("mandag–fredag kl. 7.00–17.00");
    expect(hoursText({ label: "mandag–fredag", opens: "08:00", closes: "17:00" }, true)).toBe("Mandag–fredag kl. 8.00–17.00");
  });
});
