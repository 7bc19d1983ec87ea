// Mounting a widget component into its element, for the islands on the firm's pages (hydrating the
// HTML rendered at build time) and for the partner embed (rendering into a shadow root). A component
// that throws never leaves a blank box: the element gets its fallback HTML back and a `failed` mark.
import { Component, type ReactNode, useEffect, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { Mounted } from "./island.ts";

type Options = {
  /** Where to render: the element itself (islands) or its shadow root (embed). */
  root?: Element | ShadowRoot;
  /** Hydrates the HTML in `root` (islands: `hydrateRoot`); without it, a fresh render and no hydration code (embed). */
  hydrate?: (root: Element, tree: ReactNode) => Root;
  /** What to show if the component fails; by default the HTML `root` held before mounting. */
  fallbackHtml?: string;
};

class Boundary extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Calls `onSettled` once the tree is interactive: its first effects have run (a parent's run after its
 * children's) and the renders they asked for have committed. A component that adds its controls or
 * listeners in an effect (the header menu's toggle, its Escape key) has them in place by then.
 */
function Settled({ children, onSettled }: { children: ReactNode; onSettled: () => void }) {
  const [effectsRan, setEffectsRan] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `onSettled` is fixed for the mount
  useEffect(() => {
    // The first pass asks for one more render, batched with whatever the children's effects (which run
    // before this one) asked for; once that render has committed, the tree is interactive. A timer
    // instead raced React's scheduler: on a busy thread it fired before the children's render.
    if (effectsRan) onSettled();
    else setEffectsRan(true);
  }, [effectsRan]);
  return children;
}

/** Fires a bubbling, composed event with a typed `detail` from the widget's host element. */
export function dispatchFrom<T>(host: HTMLElement, type: string, detail: T): void {
  host.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
}

/**
 * Mounts what `render` gives for `host`, and renders it again at each `update`, keeping the component's
 * state. Sets `ready` on the host once the widget is interactive (what a visitor, or a test, may act
 * on), or `failed`; unmounted, it is not ready.
 */
export function mountWidget(host: HTMLElement, render: () => ReactNode, options: Options = {}): Mounted {
  const { root = host, fallbackHtml = root.innerHTML, hydrate } = options;
  let failed = false;
  let reactRoot: Root | undefined;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    console.error(`${host.localName} failed`, error);
    // Unmount after the current render pass, then show the fallback HTML, which works on its own.
    queueMicrotask(() => {
      reactRoot?.unmount();
      root.innerHTML = fallbackHtml;
    });
    host.removeAttribute("ready");
    host.setAttribute("failed", "");
  };
  const ready = () => failed || host.setAttribute("ready", "");
  const tree = () => (
    <Settled onSettled={ready}>
      <Boundary onError={fail}>{render()}</Boundary>
    </Settled>
  );
  try {
    reactRoot = hydrate ? hydrate(root as Element, tree()) : createRoot(root);
    if (!hydrate) reactRoot.render(tree());
  } catch (error) {
    fail(error);
  }
  return {
    unmount: () => {
      reactRoot?.unmount();
      host.removeAttribute("ready");
    },
    // A widget that failed keeps its fallback HTML.
    update: () => failed || reactRoot?.render(tree()),
  };
}
