// The one way a widget's custom element is defined, for the islands of the firm's pages and for the
// partner embed alike (no Preact here: it is the only widget code a page loads up front). An island
// leaves its server-rendered HTML alone until it wakes (widgets/islands.js), then loads its module and
// hydrates; the HTML works without JavaScript, so an island that never wakes costs nothing. The embed
// mounts at once and observes its attributes, as preact-custom-element's register() does. After
// 11ty/is-land: `ready` on the host once hydrated and interactive (mount.tsx), `failed` if loading or
// hydrating failed.
import { WAKE_EVENTS } from "../islands.js";

/** What a mounted element can do: leave the page, and take the attributes it observes again. */
export type Mounted = { unmount: () => void; update?: () => void };

/** Hydrates (or renders) the element in place. */
export type Mount = (element: HTMLElement) => Mounted;

/** What an island's module exports under the island's name in islands.js (`props`: how they travel). */
export type IslandModule = Record<string, { mount: (element: HTMLElement, props?: "json" | "markup") => Mounted }>;

/**
 * Where an island keeps what the visitor left in it (a quote form's draft) in session storage. An island
 * with such state on this page wakes at once, so the visitor sees it before they start over.
 */
export const savedStateKey = (tag: string, path: string, id: string) => `${tag}:${path}:${id}`;

const hasSavedState = (tag: string) => {
  try {
    const prefix = savedStateKey(tag, location.pathname, "");
    for (let index = 0; index < sessionStorage.length; index++) if (sessionStorage.key(index)?.startsWith(prefix)) return true;
  } catch {
    // No storage (private mode): nothing was saved.
  }
  return false;
};

/**
 * How the islands of the firm's pages mount: at once (`"now"`), or at the visitor's first interaction
 * (WAKE_EVENTS), at once too with saved state; then they load their module (`load`) and hydrate. If the
 * module cannot load or start, the server-rendered HTML stays and keeps working (forms post, <details>
 * open), and the element is marked `failed`.
 */
export const whenAwake =
  (wake: "interaction" | "now", load: () => Promise<Mount>): Mount =>
  (host) => {
    let mounted: Mounted | undefined;
    let gone = false;
    const stop = () => {
      for (const name of WAKE_EVENTS) host.removeEventListener(name, start);
    };
    const start = () => {
      stop();
      load()
        // An island that wakes with the page hydrates in a task after the one that evaluated its
        // modules: together they made one task long enough to block a slow phone's main thread.
        .then((mount) => (wake === "now" ? new Promise<Mount>((resolve) => setTimeout(() => resolve(mount))) : mount))
        .then((mount) => {
          if (!gone) mounted = mount(host);
        })
        .catch((error) => {
          console.error(`${host.localName} could not start`, error);
          host.setAttribute("failed", "");
        });
    };
    for (const name of WAKE_EVENTS) host.addEventListener(name, start, { passive: true });
    // The page loads this module after its first paint or at the first interaction
    // (site/_lib/island-loader.js): an interaction that came before it still wakes the island.
    if (wake === "now" || hasSavedState(host.localName) || host.matches(":hover, :focus-within")) start();
    return {
      unmount: () => {
        gone = true;
        stop();
        mounted?.unmount();
      },
    };
  };

/** Defines `tag` (unless a script loaded before did): it mounts on entering the page, updates at each change of an attribute it observes. */
export function defineIsland({ tag, observe, mount }: { tag: string; observe?: string[]; mount: Mount }): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      static observedAttributes = observe;
      #mounted: Mounted | undefined;

      connectedCallback() {
        this.#mounted ??= mount(this);
      }

      attributeChangedCallback() {
        this.#mounted?.update?.();
      }

      disconnectedCallback() {
        this.#mounted?.unmount();
        this.#mounted = undefined;
      }
    },
  );
}
