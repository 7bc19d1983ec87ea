// Data computed for every page.
import { hoursText } from "../_lib/format.js";

/** Copy in data files names hours as {arbejdstid} or {telefontid}, so they always come from business.yaml. */
function withHours(text, business) {
  return text.replaceAll("{arbejdstid}", hoursText(business.hours.workdays)).replaceAll("{telefontid}", hoursText(business.hours.phone));
}

export default {
  // Area pages show their own FAQ; other pages may set `faq` in front matter. Either becomes FAQPage JSON-LD.
  faq: (data) => {
    const items = data.area?.faq ?? data.faq;
    // Eleventy first calls this with proxies to learn which data it reads: only real lists are mapped.
    return Array.isArray(items) ? items.map((item) => ({ ...item, answer: withHours(item.answer, data.business) })) : items;
  },
};
