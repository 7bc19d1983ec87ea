// Prices where the customer decides: every service card shows its service's "fra"-price, the home page the
// prices customers ask about most, and every FAQ answer about what something costs states the figure, each
// from prices.yaml (docs/product.md, "Prices"). Which services, prices and questions there are is the
// firm's content; the rules hold for any.
import { describe, expect, it } from "vitest";
import { loadData } from "../../site/_lib/load-data.js";
import { cardPrice, priceText } from "../../site/_lib/prices.js";
import { ALL_PAGES, AREA_ROUTES, jsonLdBlocks, page } from "../support/site.js";

const prices = loadData("prices");
const services = loadData("services");
const written = prices.items.map(priceText);
const plain = (/** @type {string} */ text) => text.replace(/\s+/g, " ").trim();

describe("service cards", () => {
  // The home page and every area page once showed no amount; /ydelser's first price was 2,860 px down on a phone.
  it("show the service's first price of prices.yaml on the home page, /ydelser and every area page", () => {
    for (const route of ["/", "/ydelser", ...AREA_ROUTES]) {
      const cards = page(route).root.querySelectorAll("main article.card");
      for (const service of services) {
        const card = cards.find((entry) => entry.querySelector(`h3 a[href="${service.path}"]`));
        expect(card, `${route}: ${service.title}`).toBeDefined();
        const price = cardPrice(prices, service.key);
        const shown = card?.querySelector(".card-price");
        // A service with no list price says how it is priced.
        if (!price) expect(plain(shown?.textContent ?? ""), `${route}: ${service.title}`).toBe("Pris efter gratis besigtigelse");
        else expect(plain(shown?.textContent ?? ""), `${route}: ${service.title}`).toBe(`${price.title} ${priceText(price)}`);
      }
    }
  });
});

describe("the home page", () => {
  it("shows the prices customers ask about most in its hero, each as the price list writes it", () => {
    const popular = prices.items.filter((item) => item.popular);
    expect(popular.length).toBeGreaterThan(0);
    const hero = plain(page("/").root.querySelector(".hero").textContent);
    for (const item of popular) expect(hero, item.title).toContain(`${item.title} ${priceText(item)}`);
    expect(page("/").root.querySelector('.hero a[href="/priser"]')).not.toBeNull();
  });
});

describe("FAQ answers", () => {
  // "Hvad koster en ny eltavle i et hus i Køge?" was once answered without an amount.
  it("state the figure from prices.yaml wherever the question asks what something costs", () => {
    // What something costs, not whether it pays off ("Kan det betale sig …?").
    const costs = /\bkoster\b|\bbetaler?\b(?! sig)|kørselspenge|\bekstra for\b/i;
    let asked = 0;
    for (const route of ALL_PAGES) {
      const faq = jsonLdBlocks(page(route).root).find((block) => block["@type"] === "FAQPage");
      for (const { name, acceptedAnswer } of faq?.mainEntity ?? []) {
        if (!costs.test(name)) continue;
        asked++;
        expect(
          written.some((price) => acceptedAnswer.text.includes(price)),
          `${route}: "${name}" → "${acceptedAnswer.text}"`,
        ).toBe(true);
      }
    }
    expect(asked).toBeGreaterThan(0);
  });
});
