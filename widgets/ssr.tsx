// Build-time rendering of the islands for Eleventy (site/_config/shortcodes.js): each island of
// islands.js rendered by its module's component to HTML with preact-render-to-string inside its custom
// element, so every page is complete without JavaScript and nothing moves on hydration. Everything the
// islands show comes in as props from the pages' data (the firm's facts included), so `npm run build:site`
// alone shows a changed fact everywhere.
import { renderToString } from "react-dom/server";
import { type Island, ISLANDS } from "./islands.js";
import { element } from "./shared/html.ts";
import type { IslandComponent, PageFacts } from "./shared/island-contract.tsx";

export { siteFactsFrom } from "./shared/site-facts.ts";

type Attributes = Record<string, string | undefined>;
const modules = import.meta.glob<Record<string, IslandComponent<object, object>>>("./*/island.tsx", { eager: true });

/**
 * `<tag attributes props="…">` with the island `name` of islands.js rendered inside, its props made from
 * a shortcode's parameters and the page (`props` only where they travel as JSON).
 */
export function renderIsland(name: keyof typeof ISLANDS, params: object, page: PageFacts, attributes: Attributes = {}): string {
  const island: Island = ISLANDS[name];
  const component = modules[`./${island.folder}/island.tsx`][name];
  const props = component.fromPage?.(params, page) ?? params;
  const travel = island.props === "json" ? { props: JSON.stringify(props) } : {};
  return element(island.tag, { ...attributes, ...travel }, renderToString(component.render(props)));
}
