// A firm with many towns: every page but the hub links a fixed number of them, however many there are.
// Checked on the build's inputs with 1 600 towns (the bench's, dev/bench/scaled-towns.js), which takes
// a second; the built pages are checked against the same rule in tests/site/area-links.test.js.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { scaledTowns } from "../../dev/bench/scaled-towns.js";
import { TOWNS_NEAR_BASE, townsNearBase } from "../../site/_lib/area-links.js";
import { NEIGHBOUR_COUNT } from "../../site/_lib/data-schemas.js";
import { neighbourTable, neighboursOf } from "../../site/_lib/geo.js";
import { DATA_DIR, parseDataFile } from "../../site/_lib/load-data.js";

/** @typedef {import("../../site/_lib/data-types.js").Area} Area */
const towns = YAML.parse(readFileSync(`${DATA_DIR}areas.yaml`, "utf8"));
const areasOf = (/** @type {number} */ count) =>
  /** @type {Area[]} */ (parseDataFile(YAML.stringify(scaledTowns(towns, count)), "areas.yaml"));

describe("the neighbours of every town, computed at once", () => {
  it("are each town's nearest, as asking town by town gives them, ties in the towns' order", () => {
    // Towns on a grid, many at equal distances, and two on one spot.
    const grid = Array.from({ length: 60 }, (_, index) => ({
      name: `By ${index}`,
      slug: `by-${index}`,
      latitude: 55 + 0.05 * Math.floor(index / 8),
      longitude: 11.5 + 0.08 * (index % 8),
    }));
    grid.push({ ...grid[10], name: "Tvilling", slug: "tvilling" });
    for (const count of [1, NEIGHBOUR_COUNT, 7, grid.length + 3]) {
      const table = neighbourTable(grid, count);
      for (const [index, town] of grid.entries()) expect(table[index], `${town.name}, ${count}`).toEqual(neighboursOf(town, grid, count));
    }
  });

  it("give every area page of 1 600 towns the same number of neighbours, never itself", () => {
    const areas = areasOf(1600);
    for (const area of areas) {
      expect(area.neighbours).toHaveLength(NEIGHBOUR_COUNT);
      expect(area.neighbours.map((neighbour) => neighbour.slug)).not.toContain(area.slug);
    }
    // The copies lie apart: a town's neighbours are towns near it, not its namesakes.
    const koge = /** @type {Area} */ (areas.find((area) => area.slug === "koge"));
    expect(koge.neighbours.map((neighbour) => neighbour.slug)).toEqual(neighboursOf(koge, areas, NEIGHBOUR_COUNT).map((n) => n.slug));
  });
});

describe("the towns listed outside the hub", () => {
  it("are the ones nearest the base, as many with 1 600 towns as the list shows", () => {
    const areas = areasOf(1600);
    for (const [place, count] of Object.entries(TOWNS_NEAR_BASE)) {
      const listed = townsNearBase(areas, /** @type {keyof typeof TOWNS_NEAR_BASE} */ (place));
      expect(listed).toHaveLength(count);
      const nearest = [...areas].sort((a, b) => a.distance - b.distance).slice(0, count);
      expect(listed.map((area) => area.distance)).toEqual(nearest.map((area) => area.distance));
    }
  });

  it("are every town when there are fewer than the list shows", () => {
    const areas = areasOf(3);
    expect(townsNearBase(areas, "footer").map((area) => area.slug)).toEqual(
      [...areas].sort((a, b) => a.distance - b.distance).map((area) => area.slug),
    );
  });
});
