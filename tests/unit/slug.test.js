import { describe, expect, it } from "vitest";
import { slugify } from "../../site/_lib/slug.js";
import { loadData } from "../../site/_lib/load-data.js";

describe("slugify (docs/product.md#pages slug rule)", () => {
  it("lowercases, turns spaces into hyphens and ø/å/æ into o/a/a", () => {
    expect(slugify("Store Heddinge")).toBe("store-heddinge");
    expect(slugify("Hårlev")).toBe("harlev");
    expect(slugify("Bjæverskov")).toBe("bjaverskov");
    expect(slugify("Højelse")).toBe("hojelse");
    expect(slugify("ÆRØ Å")).toBe("aro-a");
  });

  it("keeps the sixteen area URLs that search engines already know", () => {
    expect(loadData("areas").map((area) => area.slug)).toEqual([
      "koge",
      "haslev",
      "faxe",
      "store-heddinge",
      "harlev",
      "solrod",
      "greve",
      "rodvig",
      "stroby",
      "borup",
      "bjaverskov",
      "karise",
      "klippinge",
      "herfolge",
      "olby",
      "hojelse",
    ]);
  });
});
