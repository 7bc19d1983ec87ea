// The one way a widget's custom element is defined, for the islands of the firm's pages and for the
// partner embed alike (no Preact here: it is the only widget code a page loads up front). An island
// leaves its server-rendered HTML alone until the visitor comes near it, then loads the component's
// chunk and hydrates (`onFirstInteraction`); the HTML works without JavaScript, so an island that never
// wakes costs nothing. The embed has nothing to wait for or load and mounts at once. After
// 11ty/is-land: `ready` on the host once hydrated and interactive (mount.tsx), `failed` if loading or
// hydrating failed.
import { WAKE_EVENTS } from "../islands.js";

/** Hydrates (or renders) the element in place; returns the clean-up to run when the element leaves the page. */
export type Mount = (element: HTMLElement) => () => void;

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
 * How the islands of the firm's pages mount: they wait for the visitor's first interaction (WAKE_EVENTS),
 * or wake at once with saved state, then load their chunk (`load`) and hydrate. If the chunk cannot load
 * or start, the server-rendered HTML stays and keeps working (forms post, <details> open), and the
 * element is marked `failed`.
 */
export const onFirstInteraction =
  (load: () => Promise<Mount>): Mount =>
  (host) => {
    let unmount: (() => void) | undefined;
    let gone = false;
    const stop = () => {
      for (const name of WAKE_EVENTS) host.removeEventListener(name, wake);
    };
    const wake = () => {
      stop();
      load()
        .then((mount) => {
          if (!gone) unmount = mount(host);
        })
        .catch((error) => {
          console.error(`${host.localName} could not start`, error);
          host.setAttribute("failed", "");
        });
    };
    for (const name of WAKE_EVENTS) host.addEventListener(name, wake, { passive: true });
    // The page loads this module after its first paint or at the first interaction
    // (site/_lib/island-loader.js): an interaction that came before it still wakes the island.
    if (hasSavedState(host.localName) || host.matches(":hover, :focus-within")) wake();
    return () => {
      gone = true;
      stop();
      unmount?.();
    };
  };

/** Defines `tag` (unless a script loaded before did) as an element that mounts when it enters the page. */
export function defineIsland({ tag, mount }: { tag: string; mount: Mount }): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      #unmount: (() => void) | undefined;

      connectedCallback() {
        this.#unmount ??= mount(this);
      }

      disconnectedCallback() {
        this.#unmount?.();
        this.#unmount = undefined;
      }
    },
  );
}
