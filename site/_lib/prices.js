// The price list (site/_data/prices.yaml) as the pages and the JSON-LD show it: one Danish format for
// every price, the prices of one service page, the few that every price list repeats (call-out, hourly
// rate, the døgnvagt surcharge) and schema.org Offers for the service's JSON-LD.
import { daNumber } from "./format.js";

/** @typedef {import("./data-types.js").Prices} Prices */
/** @typedef {Prices["items"][number]} Price */

/**
 * A price as every page writes it: "fra 4.500 kr. inkl. moms", with its unit before the moms
 * ("595 kr. pr. time inkl. moms"); an exact price (the hourly rate) without "fra". Prices to consumers
 * include moms (markedsføringsloven § 13).
 * @param {Price} item
 */
export function priceText(item) {
  return `${item.exact ? "" : "fra "}${daNumber(item.from)} kr.${item.unit ? ` ${item.unit}` : ""} ${item.vat}. moms`;
}

/**
 * The price a service's card shows: the first of the service's own prices in prices.yaml (the owner
 * chooses it by the order of the list), or undefined when the service has none.
 * @param {Prices} prices
 * @param {string} service a services.yaml key
 */
export function cardPrice(prices, service) {
  return prices.items.find((item) => !item.role && item.service === service);
}

/**
 * The prices customers ask about most (`popular`, at most three: the schema's rule), for the home page.
 * @param {Prices} prices
 */
export function popularPrices(prices) {
  return prices.items.filter((item) => item.popular);
}

/**
 * The price copy names by its title ({pris:Ny eltavle}); a ContentError-worthy mistake when none has it.
 * @param {Prices} prices
 * @param {string} title
 */
export function priceNamed(prices, title) {
  return prices.items.find((item) => item.title.toLowerCase() === title.trim().toLowerCase());
}

/**
 * The prices a service page lists: its own jobs, then the prices every list repeats (those with a role).
 * @param {Prices} prices
 * @param {string} [service] a services.yaml key; none: every service's jobs (the /ydelser overview)
 * @returns {{ jobs: Price[], fees: Price[] }}
 */
export function priceList(prices, service) {
  return {
    jobs: prices.items.filter((item) => !item.role && (service === undefined || item.service === service)),
    fees: prices.items.filter((item) => item.role),
  };
}

/**
 * The price other copy quotes by its role (fremmoede, timepris, doegnvagt), or undefined when the firm lists none.
 * @param {Prices} prices
 * @param {string} role
 */
export function priceByRole(prices, role) {
  return prices.items.find((item) => item.role === role);
}

/**
 * A schema.org Service with the service page's prices as Offers ("fra"-prices: minPrice; an exact one: price), or nothing
 * when the page lists none.
 * @param {Prices} prices
 * @param {{ key: string, title: string, path: string }} service the services.yaml entry
 * @param {string} siteUrl
 * @param {string} businessId the Electrician record's @id
 */
export function serviceOffers(prices, service, siteUrl, businessId) {
  const items = prices.items.filter((item) => item.service === service.key);
  if (items.length === 0) return undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    url: `${siteUrl}${service.path}`,
    provider: { "@id": businessId },
    offers: items.map((item) => ({
      "@type": "Offer",
      name: item.title,
      priceSpecification: {
        "@type": "PriceSpecification",
        ...(item.exact ? { price: item.from } : { minPrice: item.from }),
        priceCurrency: "DKK",
        valueAddedTaxIncluded: item.vat === "inkl",
      },
    })),
  };
}

/**
 * The service whose page lists a price that gives håndværkerfradrag, for pages whose own prices give none.
 * @template {{ key: string }} Service
 * @param {Prices} prices
 * @param {Service[]} services
 * @returns {Service | undefined}
 */
export function deductionService(prices, services) {
  const item = prices.items.find((entry) => entry.deduction);
  return item && services.find((service) => service.key === item.service);
}
