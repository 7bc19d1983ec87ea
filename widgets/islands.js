// The islands of the firm's pages, listed once: each custom element's tag and the define module that
// registers it. The widget build bundles the define modules (vite.widgets.config.ts), the site build
// adds each one's script to the pages that contain its element (site/_lib/widgets.js), the define
// modules and each widget's island.tsx take their tag from here. What the island renders and how its
// props reach the browser is each widget's island.tsx (widgets/shared/island-contract.tsx).
export const ISLANDS = {
  quoteForm: { tag: "elektriker-quote-form", define: "widgets/quote-form/define.ts" },
  faq: { tag: "elektriker-faq", define: "widgets/faq/define.ts" },
  nav: { tag: "elektriker-nav", define: "widgets/nav-menu/define.ts" },
  mobileMenu: { tag: "elektriker-mobile-menu", define: "widgets/nav-menu/define.ts" },
};

/** The widget build's inputs: one entry per define module, named after its folder ("quote-form"). */
export const islandInputs = () => Object.fromEntries(Object.values(ISLANDS).map(({ define }) => [define.split("/")[1], define]));
