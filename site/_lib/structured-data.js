// JSON-LD for every page, built as plain objects (docs/product.md#pages, #data) and printed by the
// `jsonLd` filter, which escapes "<" so no value can close the <script> element.
import { reachText } from "./copy-facts.js";
import { serviceOffers } from "./prices.js";

const CONTEXT = "https://schema.org";

/** @typedef {import("./data-types.js").Business} Business */
/** @typedef {import("./data-types.js").Review} Review */
/** @typedef {{ label: string, path: string }} Link a page by its label and site path */

/**
 * The Electrician record of docs/product.md#data, with the reviews attached when given.
 * @param {Business} business
 * @param {Review[]} [reviews]
 */
export function electrician(business, reviews = []) {
  const site = business.site.url;
  const geo = { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude };
  /** @type {Record<string, unknown>} */
  const record = {
    "@context": CONTEXT,
    "@type": "Electrician",
    "@id": `${site}/#business`,
    name: business.brand,
    legalName: business.identity.legalName,
    vatID: `DK${business.identity.cvr}`,
    identifier: [
      { "@type": "PropertyValue", propertyID: "CVR", value: business.identity.cvr },
      {
        "@type": "PropertyValue",
        propertyID: `Autorisationsnummer (${business.identity.authorisation.authority})`,
        value: business.identity.authorisation.number,
      },
    ],
    founder: { "@type": "Person", name: business.identity.owner.name, jobTitle: business.identity.owner.role },
    description: `${business.brand} er autoriseret elektriker med base i ${business.address.town} og kører ud inden for ${reachText(business)}.`,
    url: `${site}/`,
    logo: `${site}/assets/logo.svg`,
    image: `${site}/assets/logo.svg`,
    telephone: business.phone.e164,
    email: business.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: business.address.town,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo,
    priceRange: business.priceRange,
    areaServed: { "@type": "GeoCircle", geoMidpoint: geo, geoRadius: business.serviceArea.radiusMeters },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: business.figures.rating,
      ratingCount: business.figures.ratingCount,
      bestRating: business.figures.bestRating,
      worstRating: business.figures.worstRating,
    },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: business.hours.phone.days.map((day) => `${CONTEXT}/${day}`),
        opens: business.hours.phone.opens,
        closes: business.hours.phone.closes,
      },
    ],
    sameAs: business.social.map((profile) => profile.url),
  };
  if (reviews.length > 0) {
    record.review = reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.name },
      datePublished: review.date,
      reviewBody: review.text,
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: business.figures.bestRating },
    }));
  }
  return record;
}

/**
 * A BreadcrumbList from a trail of `{ label, path }` items (home first, the current page last).
 * @param {Link[]} trail
 * @param {string} siteUrl
 */
export function breadcrumbList(trail, siteUrl) {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

/**
 * A FAQPage from the `{ question, answer }` items shown on the page.
 * @param {{ question: string, answer: string }[]} items
 */
export function faqPage(items) {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/**
 * An ItemList of pages from `{ label, path }` items, in the order shown (the /omraader hub).
 * @param {Link[]} items
 * @param {string} siteUrl
 */
export function itemList(items, siteUrl) {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      url: `${siteUrl}${item.path}`,
    })),
  };
}

/**
 * Every JSON-LD block of one page: the business always, breadcrumbs off the home page, FAQ and lists where
 * shown, and a Service with its "fra"-prices as Offers for each service whose prices the page lists.
 * @param {{ business: Business, reviews?: Review[], trail?: Link[], faq?: { question: string, answer: string }[], list?: Link[],
 *   prices?: import("./data-types.js").Prices, services?: import("./data-types.js").Service[], priceServices?: string[] | "all" }} page
 */
export function pageStructuredData({ business, reviews = [], trail = [], faq = [], list = [], prices, services = [], priceServices = [] }) {
  /** @type {object[]} */
  const blocks = [electrician(business, reviews)];
  if (trail.length > 1) blocks.push(breadcrumbList(trail, business.site.url));
  if (faq.length > 0) blocks.push(faqPage(faq));
  if (list.length > 0) blocks.push(itemList(list, business.site.url));
  if (prices) {
    const shown = services.filter((entry) => priceServices === "all" || priceServices.includes(entry.key));
    for (const service of shown) {
      const offers = serviceOffers(prices, service, business.site.url, `${business.site.url}/#business`);
      if (offers) blocks.push(offers);
    }
  }
  return blocks;
}
