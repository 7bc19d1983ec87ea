// The custom elements of widgets/, listed once (docs/development.md, "Adding an island"). Each island of
// the firm's pages is an entry under the name its module exports it by: its tag; its folder, whose
// island.tsx (a component: rendered by the build, loaded and hydrated when the island wakes) or island.ts
// (plain DOM code, with every page's module) it is; the shortcode that renders it into a page; how its
// props reach the browser ("json", in a `props` attribute; "markup", read back from the markup, for props
// that are its visible text); and when it wakes ("interaction", the visitor's first; "now").
/** @typedef {{ tag: string, folder: string, shortcode?: string, props?: "json" | "markup", wake: "interaction" | "now" }} Island */
export const ISLANDS = /** @satisfies {Record<string, Island>} */ ({
  quoteForm: { tag: "elektriker-quote-form", folder: "quote-form", shortcode: "quoteForm", props: "json", wake: "interaction" },
  callbackForm: { tag: "elektriker-callback-form", folder: "callback-form", shortcode: "callbackForm", props: "json", wake: "interaction" },
  bookingForm: { tag: "elektriker-booking", folder: "booking", shortcode: "bookingForm", props: "json", wake: "now" },
  faq: { tag: "elektriker-faq", folder: "faq", shortcode: "faqAccordion", props: "markup", wake: "interaction" },
  nav: { tag: "elektriker-nav", folder: "nav-menu", shortcode: "navMenu", props: "markup", wake: "interaction" },
  mobileMenu: { tag: "elektriker-mobile-menu", folder: "nav-menu", shortcode: "mobileMenu", props: "markup", wake: "interaction" },
  openNow: { tag: "open-now", folder: "open-now", wake: "now" },
});

/** The partner embed: mounted at once, its props its attributes, followed when the partner's page changes them. */
export const EMBED = { tag: "elektriker-tilbud", observe: ["partner", "location", "heading", "compact", "check"] };

/** The widget build's entries: every page's module, which defines the islands, and the embed's. */
export const ENTRIES = { page: "widgets/every-page.ts", embed: "widgets/quote-form/embed.tsx" };

/**
 * The first interactions that wake an island: a pointer arriving, a touch, focus, a key; the page's
 * inline loader loads the islands' code at the first of them too, if it comes before the first paint.
 */
export const WAKE_EVENTS = /** @type {const} */ (["pointerover", "pointerdown", "touchstart", "focusin", "keydown"]);
