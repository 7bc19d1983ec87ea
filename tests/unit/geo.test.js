import { describe, expect, it } from "vitest";
import { distanceKm, nearest } from "../../site/_lib/geo.js";
import { loadData } from "../../site/_lib/load-data.js";
import { NEIGHBOUR_COUNT } from "../../site/_lib/data-schemas.js";

describe("neighbouring areas, computed from coordinates", () => {
  it("measures great-circle distance", () => {
    // Copenhagen City Hall to Roskilde Cathedral is about 30 km.
    const km = distanceKm({ latitude: 55.6757, longitude: 12.5691 }, { latitude: 55.6425, longitude: 12.0803 });
    expect(km).toBeGreaterThan(29);
    expect(km).toBeLessThan(32);
  });

  it("lists the nearest places first and never the place itself", () => {
    const a = { latitude: 55, longitude: 12 };
    const near = { latitude: 55.01, longitude: 12 };
    const far = { latitude: 55.5, longitude: 12 };
    const middle = { latitude: 55.1, longitude: 12 };
    expect(nearest(a, [far, a, near, middle], 2)).toEqual([near, middle]);
  });

  it("gives every area its nearest neighbours by coordinates", () => {
    const areas = loadData("areas");
    for (const area of areas) {
      expect(area.neighbours).toHaveLength(NEIGHBOUR_COUNT);
      expect(area.neighbours.map((n) => n.slug)).not.toContain(area.slug);
      const expected = nearest(area, areas, NEIGHBOUR_COUNT).map((n) => n.slug);
      expect(area.neighbours.map((n) => n.slug)).toEqual(expected);
    }
    const bySlug = Object.fromEntries(areas.map((area) => [area.slug, area]));
    expect(bySlug.solrod.neighbours.map((n) => n.slug)).toContain("greve");
    expect(bySlug.rodvig.neighbours.map((n) => n.slug)).toContain("store-heddinge");
  });
});
