import { describe, expect, it } from "vitest";
import { distanceKm, nearest, neighboursOf } from "../../site/_lib/geo.js";
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

  it("gives each neighbour's distance from the town the page is about, not from the firm's base", () => {
    // A page about Højelse once said "Køge (10 km)", Køge's distance from the base, 6 km from Højelse.
    const areas = loadData("areas");
    for (const area of areas) {
      for (const neighbour of area.neighbours) {
        const other = /** @type {(typeof areas)[number]} */ (areas.find((candidate) => candidate.slug === neighbour.slug));
        expect(Math.abs(neighbour.km - distanceKm(area, other)), `${area.name} -> ${other.name}`).toBeLessThanOrEqual(0.5);
        expect(neighbour).not.toHaveProperty("distance");
      }
    }
  });

  it("rounds a neighbour's distance to whole kilometres, never to 0", () => {
    const here = { name: "Her", slug: "her", latitude: 55, longitude: 12 };
    const next = { name: "Nabo", slug: "nabo", latitude: 55.001, longitude: 12 };
    const far = { name: "Fjern", slug: "fjern", latitude: 55.1, longitude: 12 };
    expect(neighboursOf(here, [here, far, next], 2)).toEqual([
      { name: "Nabo", slug: "nabo", km: 1 },
      { name: "Fjern", slug: "fjern", km: 11 },
    ]);
  });

  it("gives towns one postcode only where they lie within one postal district (under 10 km apart)", () => {
    // Ølby once had Faxe's 4640, 24 km from Faxe; a postal district on Zealand is a few kilometres across.
    const areas = loadData("areas");
    for (const a of areas) {
      for (const b of areas) {
        if (a !== b && a.postalCode === b.postalCode)
          expect(distanceKm(a, b), `${a.name} and ${b.name} share ${a.postalCode}`).toBeLessThan(10);
      }
    }
  });
});
