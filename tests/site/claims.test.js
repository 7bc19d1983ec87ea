// Claims that hold: no page promises a fixed price for work that is paid by the hour, no savings or payback
// figure stands without its source, and each fact is said one way on every page: one reach, one count of
// jobs, one word for the electrical inspection (docs/product.md, "Business constants and timings").
import { describe, expect, it } from "vitest";
import { projectsText, reachText } from "../../site/_lib/copy-facts.js";
import { ALL_PAGES, business, page } from "../support/site.js";

/** The text blocks a visitor reads on a page (leaf paragraphs, list items, cells, headings), spaces made plain. */
const blocks = (/** @type {string} */ route) =>
  page(route)
    .root.querySelectorAll("body p, body li, body td, body dd, body dt, body h1, body h2, body h3, body summary")
    .filter((block) => block.querySelector("p, li, td, dd, dt, h1, h2, h3") === null)
    .map((block) => ({ block, text: block.textContent.replace(/\s+/g, " ").trim() }));
/** Every block of every page that matches, as "route: text". */
const wherever = (/** @type {RegExp} */ pattern) =>
  ALL_PAGES.flatMap((route) =>
    blocks(route)
      .filter(({ text }) => pattern.test(text))
      .map(({ text }) => `${route}: ${text}`),
  );

describe("claims that hold", () => {
  // "Uanset opgaven får du en fast pris" and "Du får altid en fast pris" beside an hourly rate and a call-out fee.
  it("promise a fixed price only for planned work, never for every job", () => {
    expect(wherever(/uanset opgaven|altid (en )?fast(e)? pris|fast pris før start|ved altid, hvad det koster/i)).toEqual([]);
  });

  // "75–85 % besparelse", "op til 30 %", "7–12 år" once stood with no source.
  it("give no savings or payback figure without naming its source in the same place", () => {
    const figure =
      /\d+\s*(–\s*\d+\s*)?%[^.]*(mindre|besparelse|spar|lavere)|(spar\w*|besparelse|mindre strøm|lavere)[^.]*\d+\s*(–\s*\d+\s*)?%|tilbagebetalingstid[^.]*\d+\s*(–\s*\d+\s*)?år/i;
    const unsourced = ALL_PAGES.flatMap((route) =>
      blocks(route)
        .filter(({ text, block }) => figure.test(text) && !/kilde/i.test(text) && !block.querySelector("a[href^='http']"))
        .map(({ text }) => `${route}: ${text}`),
    );
    expect(unsourced).toEqual([]);
  });

  // "hele Sjælland" 42 times against "inden for cirka 50 km".
  it("state one reach, as business.yaml has it, and never 'hele Sjælland'", () => {
    expect(wherever(/hele Sjælland/i)).toEqual([]);
    const reach = reachText(business);
    const stated = ALL_PAGES.flatMap((route) =>
      blocks(route).flatMap(({ text }) => [...text.matchAll(/cirka \d+ km fra \p{L}+/gu)].map((match) => `${route}: ${match[0]}`)),
    );
    expect(stated.length).toBeGreaterThan(0);
    for (const entry of stated) expect(entry).toMatch(new RegExp(`: ${reach}$`));
  });

  // 500 projects, 500 customers and 500 events, all at once.
  it("state one count of jobs done, in one word, and no other count of projects, customers or events", () => {
    const counts = ALL_PAGES.flatMap((route) =>
      blocks(route).flatMap(({ text }) =>
        [...text.matchAll(/(\d[\d.]*)\+?\s*(opgaver|projekter|kunder|events|arrangementer)\b/gi)]
          .filter((match) => Number(match[1].replaceAll(".", "")) !== business.figures.projects || match[2] !== "opgaver")
          .map((match) => `${route}: ${match[0]}`),
      ),
    );
    expect(counts).toEqual([]);
    expect(ALL_PAGES.some((route) => blocks(route).some(({ text }) => text.includes(projectsText(business))))).toBe(true);
    expect(wherever(/projekter/i)).toEqual([]);
  });

  // eleftersyn, elsyn and elinstallationsrapport once named one inspection three ways.
  it("call the electrical inspection 'eleftersyn' everywhere, never 'elsyn'", () => {
    expect(wherever(/\belsyn/i)).toEqual([]);
  });
});
