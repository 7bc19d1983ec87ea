// The hub /omraader lists every town; every other page links a fixed number of them, however many towns
// the firm has (site/_lib/area-links.js): an area page its nearest neighbours, the footer and the home
// page the towns nearest the base, each list followed by a link to the hub. Read against the towns of
// site/_data/areas.yaml, so a seventeenth town changes what is expected, not whether it holds.
import { describe, expect, it } from "vitest";
import { townsNearBase } from "../../site/_lib/area-links.js";
import { ROUTES, areas, page } from "../support/site.js";

const HUB = "/omraader";
const townPath = (/** @type {{ slug: string }} */ area) => `${HUB}/${area.slug}`;
/** The links of `element` to area pages, in order. */
const townLinks = (/** @type {any} */ element) =>
  element.querySelectorAll(`a[href^="${HUB}/"]`).map((/** @type {any} */ link) => link.getAttribute("href"));
const hubLinks = (/** @type {any} */ element) => element.querySelectorAll(`a[href="${HUB}"]`);

describe("links to the area pages", () => {
  it("the hub links every town", () => {
    expect(new Set(townLinks(page(HUB).root.querySelector("main")))).toEqual(new Set(areas.map(townPath)));
  });

  it("every footer links the towns nearest the base, as many as the footer shows, and the hub", () => {
    const expected = townsNearBase(areas, "footer").map(townPath);
    for (const route of ROUTES) {
      const footer = page(route).root.querySelector("footer");
      expect(townLinks(footer), route).toEqual(expected);
      expect(hubLinks(footer).length, route).toBeGreaterThan(0);
    }
  });

  it("the home page's list of towns is the towns nearest the base, as many as it shows, then the hub", () => {
    const section = page("/").root.querySelector("#omraader");
    expect(townLinks(section)).toEqual(townsNearBase(areas, "home").map(townPath));
    expect(hubLinks(section).length).toBeGreaterThan(0);
  });

  it("an area page links its neighbours, not every town, then the hub", () => {
    for (const area of areas) {
      const main = page(townPath(area)).root.querySelector("main");
      const nearby = main.querySelector("#area-title").parentNode;
      expect(townLinks(nearby), area.slug).toEqual(area.neighbours.map(townPath));
      expect(hubLinks(nearby).length, area.slug).toBe(1);
      // Nowhere else in the page's own content does it list towns.
      expect(new Set(townLinks(main)), area.slug).toEqual(new Set(area.neighbours.map(townPath)));
    }
  });
});
