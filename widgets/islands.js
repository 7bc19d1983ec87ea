// The custom elements of widgets/, listed once (docs/development.md, "Adding an island"). Each island of
// the firm's pages is one entry, under the name its module exports it by:
//   tag       the element;
//   module    its module under widgets/: `island.tsx`, a React component rendered by the build and
//             hydrated in the browser, loads when the island wakes; `island.ts`, plain DOM code, comes
//             with every page's module (every-page.ts);
//   shortcode the Nunjucks shortcode that renders it into a page (site/_config/shortcodes.js);
//   props     how its props reach the browser: "json", in a `props` attribute as the build rendered
//             them; "markup", read back from its own markup (the module's `readProps`), for props that
//             are the island's visible text;
//   wake      when it mounts: "interaction", at the visitor's first (WAKE_EVENTS), or "now".
// Read by the widget build (every-page.ts defines them; the server render, widgets/ssr.tsx, renders
// them), the site build (the shortcodes, and which pages load every-page.ts) and the page's loader.
/** @typedef {{ tag: string, module: string, shortcode?: string, props?: "json" | "markup", wake: "interaction" | "now", observe?: string[] }} Island */
export const ISLANDS = /** @satisfies {Record<string, Island>} */ ({
  quoteForm: { tag: "elektriker-quote-form", module: "quote-form/island.tsx", shortcode: "quoteForm", props: "json", wake: "interaction" },
  callbackForm: {
    tag: "elektriker-callback-form",
    module: "callback-form/island.tsx",
    shortcode: "callbackForm",
    props: "json",
    wake: "interaction",
  },
  faq: { tag: "elektriker-faq", module: "faq/island.tsx", shortcode: "faqAccordion", props: "markup", wake: "interaction" },
  nav: { tag: "elektriker-nav", module: "nav-menu/island.tsx", shortcode: "navMenu", props: "markup", wake: "interaction" },
  mobileMenu: {
    tag: "elektriker-mobile-menu",
    module: "nav-menu/island.tsx",
    shortcode: "mobileMenu",
    props: "markup",
    wake: "interaction",
  },
  openNow: { tag: "open-now", module: "open-now/island.ts", wake: "now" },
});

/**
 * The partner embed (quote-form/README.md): one self-contained module for other sites, mounted at once,
 * its props its attributes, followed when the partner's page changes them.
 */
export const EMBED = { tag: "elektriker-tilbud", observe: ["partner", "location", "heading", "compact", "check"] };

/** The widget build's entries: every page's module, which defines the islands above, and the embed's. */
export const ENTRIES = { page: "widgets/every-page.ts", embed: "widgets/quote-form/embed.tsx" };

/**
 * The first interactions that wake an island: a pointer arriving, a touch, focus, a key. The islands wait
 * for them (widgets/shared/island.ts), and the page's inline loader loads the islands' code at the first
 * of them if that comes before the first paint (site/_lib/island-loader.js).
 */
export const WAKE_EVENTS = /** @type {const} */ (["pointerover", "pointerdown", "touchstart", "focusin", "keydown"]);
