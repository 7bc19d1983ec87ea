// The widget tests' harness, the same on both libraries they run on (vitest.config.js: "widgets-preact"
// with the shipped alias map, "widgets-react" on react-dom): mount into a root, act, and type as a
// browser does.
import * as React from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { act as preactAct } from "preact/test-utils";
import { afterEach, beforeEach, vi } from "vitest";
import { dismissAll, type Notice, subscribe } from "./shared/notices.ts";

// React 19 has act() in "react"; preact/compat does not export it, and preact/test-utils' act is the
// same contract (flush renders and effects, then resolve).
const reactAct = (React as unknown as { act?: typeof preactAct }).act;
export const act: (callback: () => unknown) => Promise<void> = async (callback) => {
  await (reactAct ?? preactAct)(callback as () => void);
};
// React asks tests to declare that they wrap updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Which library the tests run on, for the rare assertion that names it. */
export const LIBRARY: "react" | "preact" = reactAct ? "react" : "preact";

/** Renders `node` into `host` inside act(); returns the root, to unmount in afterEach. */
export async function mount(host: Element, node: React.ReactNode): Promise<Root> {
  const root = createRoot(host);
  await act(() => root.render(node));
  return root;
}

/** Hydrates the server-rendered markup already in `host` with `node` inside act(); returns the root. */
export async function hydrate(host: Element, node: React.ReactNode): Promise<Root> {
  let root: Root | undefined;
  await act(() => {
    root = hydrateRoot(host, node);
  });
  return root as Root;
}

/** Unmounts a root inside act(). */
export const unmount = (root: Root | undefined) => act(() => root?.unmount());

/**
 * Sets a field's value the way typing does and fires `input`: through the prototype's setter, so
 * React's value tracking sees the change as the browser's, not as a render's.
 */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * What a browser fires when a mouse pointer comes onto `target` from outside it, or leaves it: the
 * bubbling pointerover/pointerout (React derives onPointerEnter/Leave from these) and then the
 * non-bubbling pointerenter/pointerleave (what Preact listens to).
 */
export function hover(target: Element, direction: "enter" | "leave"): void {
  const init = { relatedTarget: document.body, pointerType: "mouse" };
  const [bubbling, direct] = direction === "enter" ? ["pointerover", "pointerenter"] : ["pointerout", "pointerleave"];
  target.dispatchEvent(new PointerEvent(bubbling, { ...init, bubbles: true }));
  target.dispatchEvent(new PointerEvent(direct, { ...init, bubbles: false }));
}

/**
 * A form's test page: a host element in the body, the page's clock (performance.now, which the fill
 * clock reads) as the test sets it, and the notices shown; all undone after each test. Registers its
 * own beforeEach and afterEach.
 */
export function formPage() {
  const page = { host: document.body, root: undefined as Root | undefined, clock: { now: 0 }, notices: [] as Notice[] };
  let unsubscribe = () => {};
  beforeEach(() => {
    page.host = document.createElement("div");
    document.body.append(page.host);
    unsubscribe = subscribe((list) => (page.notices = list));
    vi.spyOn(performance, "now").mockImplementation(() => page.clock.now);
  });
  afterEach(async () => {
    await unmount(page.root);
    page.root = undefined;
    page.host.remove();
    // The notices are the page's, shared by every test: one test's must not reach the next.
    dismissAll();
    unsubscribe();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return page;
}
