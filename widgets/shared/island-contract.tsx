// An island with a React component, as its module (widgets/islands.js) exports it: rendered by the build
// (widgets/ssr.tsx) and hydrated in the browser with the same props, which travel as its entry says: as
// JSON in the `props` attribute, exactly as the build rendered them, or read back from its markup
// (`readProps`) where they are its own visible text (the FAQ, the header's menus), carried once.
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { jsonAttribute } from "./html.ts";
import type { Mounted } from "./island.ts";
import { mountWidget } from "./mount.tsx";
import type { SiteFacts } from "./site-facts.ts";

/** What the site build gives an island of its page: its path, the firm's facts, the phone hours as the
 * pages print them, and how page text keeps its runs on one line (site/_config/shortcodes.js). */
export type PageFacts = { path: string; facts: SiteFacts; phoneHours: string; keepText: (text: string) => string };

export type IslandComponent<P extends object, Params = P> = {
  /** The component with its props, as rendered on the server and hydrated in the browser. */
  render: (props: P) => ReactNode;
  /** The props from a shortcode's parameters and the page; omitted: the parameters themselves. */
  fromPage?: (params: Params, page: PageFacts) => P;
  /** Reads the props back from the server-rendered element (`props: "markup"`). */
  readProps?: (host: HTMLElement) => P;
  /** What only the browser adds at hydration (reporting a send to the page). */
  inBrowser?: (host: HTMLElement) => Partial<P>;
};

/** The island module's export: the component's definition, and how it hydrates. */
export const hydrated = <P extends object, Params = P>(island: IslandComponent<P, Params>) => ({
  ...island,
  mount: (host: HTMLElement, travel?: "json" | "markup"): Mounted => {
    const props = { ...(travel === "markup" ? island.readProps?.(host) : jsonAttribute<P>(host, "props")), ...island.inBrowser?.(host) };
    return mountWidget(host, () => island.render(props as P), { hydrate: hydrateRoot });
  },
});
