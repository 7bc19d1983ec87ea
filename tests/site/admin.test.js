// The CMS the build writes (site/_lib/admin.js): its configuration tells the firm, under each photo slot,
// exactly the pages that show it, as the build placed them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { loadData } from "../../site/_lib/load-data.js";
import { DIST, ROUTES, page, requireBuild } from "../support/site.js";

beforeAll(requireBuild);

describe("the CMS at /admin", () => {
  it("says under each photo slot which pages show it", () => {
    const config = YAML.parse(readFileSync(join(DIST, "admin/config.yml"), "utf8"));
    const slots = config.collections.find((collection) => collection.name === "photos").files[0].fields;
    const photos = loadData("photos");
    expect(slots.map((slot) => slot.name)).toEqual(Object.keys(photos));
    for (const slot of slots) {
      // A slot's picture carries its description; the pages that show it are those with that alt text.
      const showing = ROUTES.filter((route) => page(route).root.querySelectorAll(`img[alt="${photos[slot.name].alt}"]`).length > 0);
      expect(slot.hint, slot.name).toBe(showing.length ? `Vises på ${showing.toSorted().join(", ")}` : "Vises ikke på nogen side lige nu");
    }
  });
});
