// The islands of the firm's pages, listed once: each custom element's tag, the define module that
// registers it, and the Nunjucks shortcode that renders it at build time. The widget build bundles the
// define modules (vite.widgets.config.ts); the server render finds each island's contract by its tag
// (widgets/ssr.tsx); the site build registers the shortcodes and adds each define module's script to the
// pages that contain its element (site/_config/shortcodes.js, site/_lib/widgets.js); the define modules
// and each widget's island.tsx take their tag from here. What the island renders and how its props
// reach the browser is each widget's island.tsx (widgets/shared/island-contract.tsx).
export const ISLANDS = {
  quoteForm: { tag: "elektriker-quote-form", define: "widgets/quote-form/define.ts", shortcode: "quoteForm" },
  faq: { tag: "elektriker-faq", define: "widgets/faq/define.ts", shortcode: "faqAccordion" },
  nav: { tag: "elektriker-nav", define: "widgets/nav-menu/define.ts", shortcode: "navMenu" },
  mobileMenu: { tag: "elektriker-mobile-menu", define: "widgets/nav-menu/define.ts", shortcode: "mobileMenu" },
};

/** The widget build's inputs: one entry per define module, named after its folder ("quote-form"). */
export const islandInputs = () => Object.fromEntries(Object.values(ISLANDS).map(({ define }) => [define.split("/")[1], define]));
