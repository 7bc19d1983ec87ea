// Shared blocks where the pages need them: the emergency call block, the guarantee explained once and
// linked from everywhere else, and Danish on the 404 page.
import { describe, expect, it } from "vitest";
import { loadData } from "../../site/_lib/load-data.js";
import { priceText } from "../../site/_lib/prices.js";
import { ALL_PAGES, AREA_ROUTES, areas, business, page } from "../support/site.js";

describe("the emergency call block", () => {
  it("is on /ydelser/private, on /ydelser/erhverv after 'Akut erhvervsservice', and on every area page, with the phone as a call link", () => {
    for (const route of ["/ydelser/private", "/ydelser/erhverv", ...AREA_ROUTES]) {
      const block = page(route).root.querySelector('aside[aria-labelledby="akut-opkald"]');
      expect(block, route).not.toBeNull();
      expect(block.querySelector(`a[href="tel:${business.phone.e164}"]`), route).not.toBeNull();
    }
    const { html } = page("/ydelser/erhverv");
    expect(html.indexOf('aria-labelledby="akut-opkald"')).toBeGreaterThan(html.indexOf("Akut erhvervsservice"));
  });

  it("says what the phone promises, then when we can be there, then what to do while waiting, and never clashes with 24/7", () => {
    // Area pages beyond the home area once said "døgnvagt 24/7" and then "we come the same or next weekday".
    for (const route of ["/ydelser/private", "/ydelser/erhverv", ...AREA_ROUTES]) {
      const text = page(route).root.querySelector('aside[aria-labelledby="akut-opkald"]').textContent.replace(/\s+/g, " ");
      const phone = text.indexOf("telefonen døgnet rundt");
      const visit = text.indexOf("Hvornår vi er hos dig");
      const waiting = text.indexOf("Mens du venter");
      expect(phone, route).toBeGreaterThanOrEqual(0);
      expect(visit, route).toBeGreaterThan(phone);
      expect(waiting, route).toBeGreaterThan(visit);
      expect(text, route).not.toMatch(/døgnvagt 24\/7/i);
    }
    for (const area of areas) {
      const text = page(`/omraader/${area.slug}`).root.querySelector('aside[aria-labelledby="akut-opkald"]').textContent;
      const near = area.distance <= business.responseTimes.homeAreaKm;
      expect(text.replace(/\s+/g, " ")).toContain(
        near ? business.responseTimes.acuteHomeArea : business.responseTimes.acuteSurroundingTowns,
      );
    }
  });
});

describe("a call-out out of hours", () => {
  // Area pages said "Telefonen er åben døgnet rundt" 16 times, and nowhere what a call at night costs.
  it("costs what prices.yaml says, stated beside the døgnvagt on every area page and in the contact block", () => {
    const surcharge = loadData("prices").items.find((item) => item.role === "doegnvagt");
    if (!surcharge) return;
    for (const route of AREA_ROUTES)
      expect(page(route).root.querySelector('aside[aria-labelledby="akut-opkald"]').textContent.replace(/\s+/g, " "), route).toContain(
        priceText(surcharge),
      );
    const contact = page("/kontakt").root.querySelector("#contact").textContent.replace(/\s+/g, " ");
    expect(contact).toContain(business.hours.emergency);
    expect(contact).toContain(priceText(surcharge));
  });
});

describe("the not-found page", () => {
  it("keeps the English heading and says it in Danish right under it", () => {
    const heading = page("/404").root.querySelector("h1");
    expect(heading.textContent).toBe("Oops! Page not found");
    expect(heading.getAttribute("lang")).toBe("en");
    expect(heading.nextElementSibling.textContent.trim()).toBe("Siden blev ikke fundet");
  });
});

describe("help for keyboard visitors", () => {
  it("tells them on /kontakt that Alt+T reaches the notices and keeps one showing", () => {
    const help = page("/kontakt").root.querySelector("#tastatur");
    expect(help).not.toBeNull();
    expect(help.textContent).toMatch(/Alt\s*\+\s*T kommer du til beskeden, og den bliver stående, så længe den har fokus/);
  });
});

describe("the guarantee", () => {
  it("is explained in one place, /om-os#garanti: what it covers, how long, and that it comes on top of the reklamationsret", () => {
    const { root } = page("/om-os");
    const heading = root.querySelector("#garanti");
    expect(heading?.textContent).toContain(`${business.guarantees.warrantyYears} års garanti`);
    const parts = [];
    for (let node = heading?.nextElementSibling; node && node.tagName !== "H2"; node = node.nextElementSibling)
      parts.push(node.textContent);
    const text = parts.join(" ").replace(/\s+/g, " ");
    expect(text).toContain(`${business.guarantees.warrantyYears} år`);
    expect(text).toMatch(/Dækker ikke/);
    expect(text).toMatch(/oven i din reklamationsret/);
    expect(text).toMatch(/købeloven/);
  });

  it("links there from every other mention on every page (FAQ answers, plain text in their widget, aside)", () => {
    const words = `${business.guarantees.warrantyYears} års garanti`;
    const unlinked = [];
    for (const route of ALL_PAGES) {
      const { root } = page(route);
      for (const faq of root.querySelectorAll("elektriker-faq")) faq.remove();
      for (const element of root.querySelectorAll("body *")) {
        const own = element.childNodes
          .filter((node) => node.nodeType === 3)
          .map((node) => node.textContent)
          .join("");
        if (!own.includes(words)) continue;
        // The explanation's own heading, and on a page that holds it (/om-os, or a page copied from it) a
        // link to it on the same page.
        const explains = root.querySelector("h2#garanti") !== null;
        if (element.id === "garanti") continue;
        if (element.closest('a[href="/om-os#garanti"]') || (explains && element.closest('a[href="#garanti"]'))) continue;
        unlinked.push(`${route}: ${element.tagName} "${own.trim().slice(0, 60)}"`);
      }
    }
    expect(unlinked).toEqual([]);
  });
});
