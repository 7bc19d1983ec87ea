// Jobs done, town by town, and the prices in the JSON-LD: each area page tells its own town's jobs (and
// nearby towns', up to three), each service page links its newest jobs of its kind, and a page that
// lists prices carries them as Offers on a Service.
import { describe, expect, it } from "vitest";
import { loadData } from "../../site/_lib/load-data.js";
import { jobAnchor, jobPriceText } from "../../site/_lib/jobs.js";
import { slugify } from "../../site/_lib/slug.js";
import { ALL_PAGES, areas, business, jsonLdBlocks, page } from "../support/site.js";

const jobs = loadData("jobs");
const prices = loadData("prices");
const services = loadData("services");

describe("jobs done", () => {
  it("tells every job on its town's page, under its own address, and at least three jobs on every area page", () => {
    for (const area of areas) {
      const { root } = page(`/omraader/${area.slug}`);
      const told = root.querySelectorAll('section[aria-labelledby="gallery-title"] article');
      expect(told.length, area.name).toBeGreaterThanOrEqual(Math.min(3, jobs.length));
      for (const job of jobs.filter((entry) => entry.town === area.name)) {
        const story = root.querySelector(`#${jobAnchor(job)}`);
        expect(story?.textContent, `${area.name}: ${job.title}`).toContain(job.title);
        expect(story?.textContent).toContain(job.text.replace(/\s+/g, " ").slice(0, 40));
      }
    }
  });

  it("says on every area page which town each job is from, how far from here, and what it cost where the firm says", () => {
    for (const area of areas) {
      for (const card of page(`/omraader/${area.slug}`).root.querySelectorAll('section[aria-labelledby="gallery-title"] article')) {
        const job = jobs.find((entry) => entry.title === card.querySelector("h3")?.textContent.trim());
        expect(job, `${area.name}: ${card.textContent.slice(0, 60)}`).toBeDefined();
        const text = card.textContent.replace(/\s+/g, " ");
        expect(text, `${area.name}: ${job?.title}`).toContain(job?.town);
        if (job?.town !== area.name) expect(text, `${area.name}: ${job?.title}`).toMatch(/ca\. \d+ km herfra/);
        if (job?.price) expect(card.querySelector(".job-price")?.textContent.replace(/\s+/g, " "), job.title).toContain(jobPriceText(job));
      }
    }
  });

  it("links the newest jobs of each service from its page, each to its story", () => {
    for (const service of services) {
      const own = jobs.filter((job) => job.service === service.key).toSorted((a, b) => b.year - a.year);
      const links = page(service.path)
        .root.querySelectorAll('main a[href^="/omraader/"][href*="#opgave-"]')
        .map((link) => link.getAttribute("href"));
      expect(links.length, service.path).toBe(Math.min(3, own.length));
      for (const href of links) {
        const job = own.find((entry) => href === `/omraader/${slugify(entry.town)}#${jobAnchor(entry)}`);
        expect(job, `${service.path}: ${href}`).toBeDefined();
      }
    }
  });
});

describe("prices in the JSON-LD", () => {
  it("gives every page that lists a service's prices a Service with an Offer per price: minPrice, DKK, moms", () => {
    let pages = 0;
    for (const route of ALL_PAGES) {
      const { root } = page(route);
      if (!root.querySelector("#priser")) continue;
      pages++;
      const blocks = jsonLdBlocks(root).filter((block) => block["@type"] === "Service");
      for (const service of services) {
        // The call-out fee, hourly rate and surcharge stand beside every list; their Service is their own page's.
        const listed = prices.items.filter(
          (item) =>
            item.service === service.key &&
            !item.role &&
            root.querySelectorAll("#priser .price-cards b").some((title) => title.textContent === item.title),
        );
        if (listed.length === 0) continue;
        const block = blocks.find((entry) => entry.name === service.title);
        expect(block?.provider, `${route}: ${service.title}`).toEqual({ "@id": `${business.site.url}/#business` });
        expect(block.offers.map((offer) => [offer.name, offer.priceSpecification])).toEqual(
          prices.items
            .filter((item) => item.service === service.key)
            .map((item) => [
              item.title,
              {
                "@type": "PriceSpecification",
                ...(item.exact ? { price: item.from } : { minPrice: item.from }),
                priceCurrency: "DKK",
                valueAddedTaxIncluded: item.vat === "inkl",
              },
            ]),
        );
      }
    }
    expect(pages).toBeGreaterThan(0);
  });
});
