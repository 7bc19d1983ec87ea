// /besigtigelse is reached from where a visitor decides to call the firm out: the home page, /kontakt,
// every area page and every service page link it in their main content (site/_includes/partials/cta.njk,
// contact-section.njk). Read against the built routes, so a new town or service is held too.
import { describe, expect, it } from "vitest";
import { AREA_ROUTES, ROUTES, page } from "../support/site.js";

const BOOKING = "/besigtigelse";
const SERVICE_ROUTES = ROUTES.filter((route) => route.startsWith("/ydelser/"));
const LINKING = ["/", "/kontakt", ...AREA_ROUTES, ...SERVICE_ROUTES];

describe("links to the booking page", () => {
  it("the rule covers the area and service pages there are", () => {
    expect(AREA_ROUTES.length).toBeGreaterThan(0);
    expect(SERVICE_ROUTES.length).toBeGreaterThan(0);
  });

  it.each(LINKING)("%s links /besigtigelse in its main content, with words that say it is free", (route) => {
    const links = page(route).root.querySelectorAll(`main a[href="${BOOKING}"]`);
    expect(links.length, route).toBeGreaterThan(0);
    expect(
      links.some((/** @type {any} */ link) => /gratis besigtigelse/i.test(link.textContent)),
      route,
    ).toBe(true);
  });
});
