// One definition per island, shared by the build-time render (renderIsland in widgets/ssr.tsx) and
// hydration in the browser (hydrateIsland, here): its tag, its component, and how its props reach the
// browser.
// By default they travel as JSON in the element's `props` attribute, exactly as the build rendered
// them, so hydration renders what the server rendered. A widget whose props are its own visible text
// (the FAQ, the header's menus) reads them back from its markup instead, so the page does not carry
// the text twice.
import type { ReactNode } from "react";
import { jsonAttribute } from "./html.ts";
import { mountWidget } from "./mount.tsx";

export type IslandContract<P extends object> = {
  /** The custom element's name (widgets/islands.js). */
  tag: string;
  /** The component with its props, as rendered on the server and hydrated in the browser. */
  render: (props: P) => ReactNode;
  /** Reads the props back from the server-rendered element; omitted: the JSON `props` attribute. */
  readProps?: (host: HTMLElement) => P;
};

/** Hydrates a server-rendered island with the props it was rendered with, plus browser-only extras. */
export function hydrateIsland<P extends object>(island: IslandContract<P>, host: HTMLElement, extra: Partial<P> = {}): () => void {
  const props = island.readProps ? island.readProps(host) : jsonAttribute<P>(host, "props");
  return mountWidget(host, island.render({ ...props, ...extra }), { hydrate: true });
}
