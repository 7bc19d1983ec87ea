// Area pages earn their place: measured on the built pages, the text every area page shares
// stays at most 30 % of each page (the quote form aside), and each page says only what the firm's data says about its town.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageWords, templateShares } from "./template-share.js";
import { loadData } from "../../site/_lib/load-data.js";
import { distanceKm } from "../../site/_lib/geo.js";
import { reviewExcerpt } from "../../site/_lib/reviews.js";
import { areas, business, fileOf, jsonLdBlocks, page } from "../support/site.js";

/** @typedef {import("../../site/_lib/data-types.js").Area} Area */
/** @typedef {import("../../site/_lib/data-types.js").Review} Review */

const MAX_SHARE = 0.3;

describe("area pages", () => {
  // Two area pages once shared about 45 % of their words: the same drawing, six service cards with the
  // same one-liners, four "why us" cards.
  it("share at most 30 % of their words with all the other area pages (printed per page)", () => {
    const shares = templateShares(
      areas.map((area) => ({ key: area.slug, words: pageWords(readFileSync(fileOf(`/omraader/${area.slug}`), "utf8"), area) })),
    );
    console.log(
      shares
        .map(
          ({ key, share, shared, total }) =>
            `${key.padEnd(16)} ${(share * 100).toFixed(1).padStart(5)} % shared (${shared} of ${total} words)`,
        )
        .join("\n"),
    );
    for (const { key, share } of shares) expect(share, key).toBeLessThanOrEqual(MAX_SHARE);
  });
});

describe("each area page says what the firm's data says about its town", () => {
  const reviews = loadData("reviews");
  for (const area of areas) {
    it(`${area.name}: its own review, or the nearest town's named with its distance, the acute promise that fits ${area.distance} km, the hub in its breadcrumb`, () => {
      const { root } = page(`/omraader/${area.slug}`);
      const main = root.querySelector("main").textContent.replace(/\s+/g, " ");
      const review = reviews.find((entry) => entry.location === area.name);
      const shown = root.querySelectorAll("main blockquote").map((quote) => quote.textContent);
      if (review) expect(shown).toEqual([expect.stringContaining(reviewExcerpt(review.text).text)]);
      else {
        // Another town's review says which town, and how far it is from this one.
        const from = areas
          .filter((other) => reviews.some((entry) => entry.location === other.name))
          .sort((a, b) => distanceKm(area, a) - distanceKm(area, b))[0];
        expect(shown).toEqual([
          expect.stringContaining(reviewExcerpt(/** @type {Review} */ (reviews.find((entry) => entry.location === from.name)).text).text),
        ]);
        expect(main).toContain(`Det siger en kunde fra ${from.name}, ca. ${Math.max(1, Math.round(distanceKm(area, from)))} km herfra`);
      }
      const near = area.distance <= business.responseTimes.homeAreaKm;
      const lead = root.querySelector(".hero .lead").textContent.replace(/\s+/g, " ");
      expect(lead).toContain(near ? business.responseTimes.acuteHomeArea : business.responseTimes.acuteSurroundingTowns);
      // A town beyond the home area is promised no call-out in hours, however the copy words it.
      const hours = /\d+\s*[–-]\s*\d+\s*timer/;
      const meta = root.querySelector('meta[name="description"]').getAttribute("content");
      if (!near) for (const text of [main, meta]) expect(text).not.toMatch(hours);
      expect(root.querySelectorAll(".crumbs li").map((crumb) => crumb.textContent.trim())).toEqual(["Forside", "Områder", area.name]);
    });

    it(`${area.name}: says the acute promise once in the hero and at most three times outside the FAQ`, () => {
      const { root } = page(`/omraader/${area.slug}`);
      const promise =
        area.distance <= business.responseTimes.homeAreaKm
          ? business.responseTimes.acuteHomeArea
          : business.responseTimes.acuteSurroundingTowns;
      const times = (element) => element.textContent.replace(/\s+/g, " ").split(promise).length - 1;
      const inFaq = root.querySelectorAll("main .faq").reduce((sum, faq) => sum + times(faq), 0);
      // The hero's lead, the emergency call and at most the town's own text; no fact chip or reason card repeats it.
      expect(times(root.querySelector(".hero"))).toBe(1);
      expect(times(root.querySelector("main")) - inFaq).toBeLessThanOrEqual(3);
    });
  }
});

describe("the response promise outside the area pages", () => {
  it("on /ydelser/private names as home-area examples only towns within the home area, and the others only beyond it", () => {
    const items = page("/ydelser/private")
      .root.querySelectorAll("main li")
      .filter((item) => /akutte fejl|kommer vi/.test(item.textContent));
    const home = items.find((item) => item.textContent.includes(business.responseTimes.acuteHomeArea));
    const further = items.find((item) => item.textContent.includes(business.responseTimes.acuteSurroundingTowns));
    const distances = (item) =>
      item
        .querySelectorAll('a[href^="/omraader/"]')
        .map((link) => /** @type {Area} */ (areas.find((area) => `/omraader/${area.slug}` === link.getAttribute("href"))).distance);
    expect(distances(home).length).toBeGreaterThan(0);
    for (const km of distances(home)) expect(km).toBeLessThanOrEqual(business.responseTimes.homeAreaKm);
    expect(distances(further).length).toBeGreaterThan(0);
    for (const km of distances(further)) expect(km).toBeGreaterThan(business.responseTimes.homeAreaKm);
  });
});

/** A town's distance from the firm's base as the crow flies, from the two files' coordinates alone. */
const fromBase = (/** @type {Area} */ area) => distanceKm(business.geo, area);

describe("distances from the base", () => {
  it("are measured from the coordinates, and each area page says how far and how it is measured", () => {
    for (const area of areas) {
      const hero = page(`/omraader/${area.slug}`).root.querySelector(".hero").textContent.replace(/\s+/g, " ");
      expect(hero, area.name).toContain(`${Math.max(1, Math.round(fromBase(area)))} km`);
      expect(hero, area.name).toContain("i lige linje");
    }
  });

  it("order the home page's towns nearest first, each with its measured distance", () => {
    const chips = page("/")
      .root.querySelectorAll('#omraader a[href^="/omraader/"]')
      .map((link) => ({
        area: /** @type {Area} */ (areas.find((area) => `/omraader/${area.slug}` === link.getAttribute("href"))),
        text: link.textContent.replace(/\s+/g, " "),
      }));
    expect(chips.length).toBeGreaterThan(1);
    const km = chips.map(({ area }) => fromBase(area));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    for (const { area, text } of chips) expect(text, area.name).toContain(`${Math.max(1, Math.round(fromBase(area)))} km`);
    expect(page("/").root.querySelector("#omraader").textContent).toContain("i lige linje");
  });
});

describe("/omraader", () => {
  it("lists every area page nearest first, in the page and as an ItemList", () => {
    const { root } = page("/omraader");
    const byDistance = [...areas].sort((a, b) => fromBase(a) - fromBase(b)).map((area) => `/omraader/${area.slug}`);
    expect(root.querySelectorAll('main a[href^="/omraader/"]').map((link) => link.getAttribute("href"))).toEqual(byDistance);
    const list = jsonLdBlocks(root).find((block) => block["@type"] === "ItemList");
    expect(list.itemListElement.map((item) => item.url)).toEqual(byDistance.map((path) => business.site.url + path));
    expect(root.querySelectorAll(".crumbs li").map((crumb) => crumb.textContent.trim())).toEqual(["Forside", "Områder"]);
  });
});
