// Build-time rendering of the islands for Eleventy (site/_config/shortcodes.js): each island's one
// definition (its island.tsx) rendered to HTML with preact-render-to-string inside its custom element,
// so every page is complete without JavaScript and nothing moves on hydration. Everything the islands
// show comes in as props from the pages' data (the firm's facts included), so `npm run build:site`
// alone shows a changed fact everywhere.
import { renderToString } from "react-dom/server";
import { bookingFormIsland } from "./booking/island.tsx";
import { callbackFormIsland } from "./callback-form/island.tsx";
import { faqIsland } from "./faq/island.tsx";
import type { ISLANDS } from "./islands.js";
import { mobileMenuIsland, navIsland } from "./nav-menu/island.tsx";
import { quoteFormIsland } from "./quote-form/island.tsx";
import { element } from "./shared/html.ts";
import type { IslandContract } from "./shared/island-contract.tsx";

export { siteFactsFrom } from "./shared/site-facts.ts";

/** One contract per name of widgets/islands.js, none missing and none more. */
type Registry = Record<keyof typeof ISLANDS, { tag: string }>;

/** Every island of widgets/islands.js under its name there, the name its shortcode renders it by. */
export const islands = {
  quoteForm: quoteFormIsland,
  callbackForm: callbackFormIsland,
  bookingForm: bookingFormIsland,
  faq: faqIsland,
  nav: navIsland,
  mobileMenu: mobileMenuIsland,
} satisfies Registry;

/**
 * `<tag attributes props="…">` with the server-rendered component inside; the props attribute is left
 * out for an island that reads its props back from its markup.
 */
export function renderIsland<P extends object>(
  island: IslandContract<P>,
  props: P,
  attributes: Record<string, string | undefined> = {},
): string {
  const travel = island.readProps ? {} : { props: JSON.stringify(props) };
  return element(island.tag, { ...attributes, ...travel }, renderToString(island.render(props)));
}
