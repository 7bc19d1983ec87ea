// Data computed for every page.
export default {
  // Area pages show their own FAQ; other pages may set `faq` in front matter. Either becomes FAQPage JSON-LD.
  faq: (data) => data.area?.faq ?? data.faq,
};
