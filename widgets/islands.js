// The custom elements of widgets/, listed once. Each island of the firm's pages: its tag, the define
// module that registers it, and the Nunjucks shortcode that renders it at build time. The widget build
// bundles the define modules (vite.widgets.config.ts); the server render has each island's contract under
// the same name (widgets/ssr.tsx); the site build registers the shortcodes and adds each define module's
// script to the pages that contain its element (site/_config/shortcodes.js, site/_lib/widgets.js); the
// define modules and each widget's island.tsx take their tag from here. What the island renders and how
// its props reach the browser is each widget's island.tsx (widgets/shared/island-contract.tsx).
export const ISLANDS = {
  quoteForm: { tag: "elektriker-quote-form", define: "widgets/quote-form/define.ts", shortcode: "quoteForm" },
  callbackForm: { tag: "elektriker-callback-form", define: "widgets/callback-form/define.ts", shortcode: "callbackForm" },
  bookingForm: { tag: "elektriker-booking", define: "widgets/booking/define.ts", shortcode: "bookingForm" },
  faq: { tag: "elektriker-faq", define: "widgets/faq/define.ts", shortcode: "faqAccordion" },
  nav: { tag: "elektriker-nav", define: "widgets/nav-menu/define.ts", shortcode: "navMenu" },
  mobileMenu: { tag: "elektriker-mobile-menu", define: "widgets/nav-menu/define.ts", shortcode: "mobileMenu" },
};

/** The partner embed: its tag and its module, one self-contained file for other sites (quote-form/README.md). */
export const EMBED = { tag: "elektriker-tilbud", define: "widgets/quote-form/embed.tsx" };

/**
 * The first interactions that wake an island: a pointer arriving, a touch, focus, a key. The islands wait
 * for them (widgets/shared/island.ts), and the page's inline loader loads the islands' code at the first
 * of them if that comes before the first paint (site/_lib/island-loader.js).
 */
export const WAKE_EVENTS = /** @type {const} */ (["pointerover", "pointerdown", "touchstart", "focusin", "keydown"]);

/** The widget build's inputs: one entry per define module, named after its folder ("quote-form"). */
export const islandInputs = () => Object.fromEntries(Object.values(ISLANDS).map(({ define }) => [define.split("/")[1], define]));
