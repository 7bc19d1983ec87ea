// The header's menus lead to what visitors look for: once 'Erhverv' and 'Event' were in the bar but not
// 'Privat', and the prices, the reviews and the towns were in neither the bar nor the phone's menu.
import { describe, expect, it } from "vitest";
import { ALL_PAGES, page } from "../support/site.js";

/** The pages a visitor looks for from any page: the three kinds of customer, the prices, the reviews, the towns. */
const SOUGHT = ["/ydelser/private", "/ydelser/erhverv", "/ydelser/event", "/priser", "/anmeldelser", "/omraader"];

describe("the header's menus", () => {
  it("link the pages visitors look for from the bar itself, on every page", () => {
    for (const route of ALL_PAGES) {
      const bar = page(route).root.querySelector('header elektriker-nav nav[aria-label="Hovedmenu"] > ul');
      // Direct links of the bar, not the 'Ydelser' menu's panel, which opens only on hover or a click.
      const direct = bar.querySelectorAll(":scope > li > a.nav-link").map((link) => link.getAttribute("href"));
      for (const path of SOUGHT) expect(direct, `${route}: ${path}`).toContain(path);
    }
  });

  it("list the same pages in the phone's menu, with 'Om os' and 'Kontakt', each once", () => {
    for (const route of ALL_PAGES) {
      const hrefs = page(route)
        .root.querySelectorAll('header nav[aria-label="Mobilmenu"] li a')
        .map((link) => link.getAttribute("href"));
      for (const path of [...SOUGHT, "/om-os", "/kontakt"]) expect(hrefs, `${route}: ${path}`).toContain(path);
      expect(new Set(hrefs).size, route).toBe(hrefs.length);
    }
  });
});
