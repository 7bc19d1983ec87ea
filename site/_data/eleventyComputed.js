// Data computed for every page.
import { withFacts } from "../_lib/copy-facts.js";

export default {
  // Area pages show their own FAQ; other pages may set `faq` in front matter. Either becomes FAQPage JSON-LD.
  // Hours and response times in the answers are placeholders filled from business.yaml (site/_lib/copy-facts.js).
  /**
   * @param {{ area?: import("../_lib/data-types.js").Area, faq?: { question: string, answer: string }[],
   *   business: import("../_lib/data-types.js").Business }} data the page's data
   */
  faq: (data) => {
    const items = data.area?.faq ?? data.faq;
    // Eleventy first calls this with proxies to learn which data it reads: only real lists are mapped.
    return Array.isArray(items) ? items.map((item) => ({ ...item, answer: withFacts(item.answer, data.business, data.area) })) : items;
  },
};
