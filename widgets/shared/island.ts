// The only widget code a page loads up front (no Preact here): a custom element that leaves its
// server-rendered HTML alone until the visitor comes near it, then loads the component's chunk and
// hydrates. The HTML works without JavaScript, so an island that never wakes costs nothing.
// After 11ty/is-land: `ready` on the host once hydrated and interactive (mount.tsx), `failed` if loading
// or hydrating failed.

/** Hydrates the element in place; returns the clean-up to run when the element leaves the page. */
export type Mount = (element: HTMLElement) => () => void;

/** The first interactions that wake an island: a pointer arriving, a touch, focus, a key. */
const INTERACTIONS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

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

/** Defines `tag` (unless it exists) as an island that loads `load()` on the first interaction or when visible. */
export function defineIsland(tag: string, load: () => Promise<Mount>, wake: "interaction" | "visible" = "interaction"): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      #stopWaiting: (() => void) | undefined;
      #unmount: (() => void) | undefined;

      connectedCallback() {
        if (hasSavedState(tag)) return void this.#wake();
        if (wake === "visible" && "IntersectionObserver" in window) {
          const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && this.#wake(), {
            rootMargin: "200px",
          });
          observer.observe(this);
          this.#stopWaiting = () => observer.disconnect();
          return;
        }
        const wakeUp = () => this.#wake();
        for (const name of INTERACTIONS) this.addEventListener(name, wakeUp, { once: true, passive: true });
        this.#stopWaiting = () => {
          for (const name of INTERACTIONS) this.removeEventListener(name, wakeUp);
        };
        // The page loads this module after its first paint or at the first interaction
        // (site/_lib/island-loader.js): an interaction that came before it still wakes the island.
        if (this.matches(":hover, :focus-within")) wakeUp();
      }

      disconnectedCallback() {
        this.#stopWaiting?.();
        this.#unmount?.();
        this.#unmount = undefined;
        this.removeAttribute("ready");
      }

      async #wake() {
        this.#stopWaiting?.();
        this.#stopWaiting = undefined;
        try {
          const mount = await load();
          if (this.isConnected && !this.#unmount) this.#unmount = mount(this);
        } catch (error) {
          // The server-rendered HTML stays and keeps working (forms post, <details> open).
          console.error(`${tag} could not start`, error);
          this.setAttribute("failed", "");
        }
      }
    },
  );
}
