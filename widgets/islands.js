// The islands of the firm's pages: each custom element and the define module that registers it. The
// widget build bundles these modules (vite.widgets.config.ts) and the site build adds each one's script
// to the pages that contain its element (site/_lib/widgets.js).
export const ISLANDS = {
  "elektriker-quote-form": "widgets/quote-form/define.ts",
  "elektriker-faq": "widgets/faq/define.ts",
  "elektriker-nav": "widgets/nav-menu/define.ts",
  "elektriker-mobile-menu": "widgets/nav-menu/define.ts",
};

/** The widget build's inputs: one entry per define module, named after its folder ("quote-form"). */
export const islandInputs = () => Object.fromEntries(Object.values(ISLANDS).map((source) => [source.split("/")[1], source]));
