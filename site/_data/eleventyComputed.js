// Data computed for every page.
import { withFacts } from "../_lib/copy-facts.js";

export default {
  // Area pages show their own FAQ; other pages may set `faq` in front matter. Either becomes FAQPage JSON-LD.
  // Hours, response times and prices in the answers are placeholders filled from business.yaml and
  // prices.yaml (site/_lib/copy-facts.js): an answer about what something costs quotes the price list.
  /**
   * @param {{ area?: import("../_lib/data-types.js").Area, faq?: { question: string, answer: string }[],
   *   business: import("../_lib/data-types.js").Business, prices: import("../_lib/data-types.js").Prices }} data the page's data
   */
  faq: (data) => {
    const items = data.area?.faq ?? data.faq;
    // Eleventy first calls this with proxies to learn which data it reads: only real lists are mapped.
    return Array.isArray(items) ? items.map((item) => ({ ...item, answer: withFacts(item.answer, data, data.area) })) : items;
  },
};
