// Build-time rendering of the islands for Eleventy (site/_config/shortcodes.js): each island's one
// definition (its island.tsx) rendered to HTML with preact-render-to-string inside its custom element,
// so every page is complete without JavaScript and nothing moves on hydration. Everything the islands
// show comes in as props from the pages' data (the firm's facts included), so `npm run build:site`
// alone shows a changed fact everywhere.
import { renderToString } from "react-dom/server";
import { ISLANDS } from "./islands.js";
import { element } from "./shared/html.ts";
import type { IslandContract } from "./shared/island-contract.tsx";

export { siteFactsFrom } from "./shared/site-facts.ts";

type AnyIsland = IslandContract<never>;

/** Every contract the widget folders export (`export const fooIsland: IslandContract<…>`), by its tag. */
const contracts = new Map(
  Object.values(import.meta.glob<Record<string, unknown>>("./*/island.tsx", { eager: true }))
    .flatMap((module) => Object.values(module))
    .filter((value): value is AnyIsland => typeof value === "object" && value !== null && "tag" in value && "render" in value)
    .map((island) => [island.tag, island]),
);

/** Every island of widgets/islands.js by its name there; an island without a contract fails the build. */
export const islands = Object.fromEntries(
  Object.entries(ISLANDS).map(([name, { tag }]) => {
    const island = contracts.get(tag);
    if (!island) throw new Error(`widgets/islands.js lists <${tag}>, but no widgets/*/island.tsx exports its contract`);
    return [name, island];
  }),
) as Record<keyof typeof ISLANDS, AnyIsland>;

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
