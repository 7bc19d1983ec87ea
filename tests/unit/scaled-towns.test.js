// The bench's larger firm (dev/bench/scaled-towns.js) must be a list the build accepts as the firm's
// own: every town valid and named once, none on another's spot.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { scaledTowns } from "../../dev/bench/scaled-towns.js";
import { DATA_DIR, parseDataFile } from "../../site/_lib/load-data.js";

const towns = YAML.parse(readFileSync(`${DATA_DIR}areas.yaml`, "utf8"));

describe("the bench's towns", () => {
  it("are the site's own towns first, then copies, exactly as many as asked", () => {
    const scaled = scaledTowns(towns, 160);
    expect(scaled).toHaveLength(160);
    expect(scaled.slice(0, towns.length)).toEqual(towns);
    expect(scaledTowns(towns, 5)).toEqual(towns.slice(0, 5));
  });

  it("pass the areas schema, each with its own page and its own coordinates", () => {
    const areas = /** @type {import("../../site/_lib/data-types.js").Area[]} */ (
      parseDataFile(YAML.stringify(scaledTowns(towns, 400)), "areas.yaml")
    );
    expect(new Set(areas.map((area) => area.slug)).size).toBe(400);
    expect(new Set(areas.map((area) => `${area.latitude},${area.longitude}`)).size).toBe(400);
  });
});
