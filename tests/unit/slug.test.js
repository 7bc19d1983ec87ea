import { describe, expect, it } from "vitest";
import { slugify } from "../../site/_lib/slug.js";
import { loadData } from "../../site/_lib/load-data.js";
import knownUrls from "../support/known-urls.json" with { type: "json" };

describe("slugify (docs/product.md#pages slug rule)", () => {
  it("lowercases, turns spaces into hyphens and ø/å/æ into o/a/a", () => {
    expect(slugify("Store Heddinge")).toBe("store-heddinge");
    expect(slugify("Hårlev")).toBe("harlev");
    expect(slugify("Bjæverskov")).toBe("bjaverskov");
    expect(slugify("Højelse")).toBe("hojelse");
    expect(slugify("ÆRØ Å")).toBe("aro-a");
  });

  // The towns' URLs that search engines know are kept in tests/support/known-urls.json, not read from
  // areas.yaml: the firm may add towns, and this holds only that none of the known ones moves.
  it("keeps the area URLs that search engines already know", () => {
    const known = knownUrls.urls.filter((url) => url.startsWith("/omraader/")).map((url) => url.slice("/omraader/".length));
    expect(known.length).toBeGreaterThan(0);
    const slugs = loadData("areas").map((area) => area.slug);
    expect(known.filter((slug) => !slugs.includes(slug))).toEqual([]);
  });
});
