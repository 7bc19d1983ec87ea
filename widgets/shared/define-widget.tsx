// Registers a React component (shipped as Preact) as a custom element that hydrates the HTML rendered
// at build time: when it becomes visible or on the first interaction. Loading a script twice is
// harmless (a defined tag is skipped); if the component throws, the server-rendered fallback stays.
import { Component as ReactComponent, type ComponentType, type ReactNode } from "react";
import { hydrate, render, unmountComponentAtNode } from "react-dom";

export type WidgetEvents = { dispatch: (type: string, detail: unknown) => void };

type Options<P> = {
  /** Reads the element's attributes once, at the boundary, into the component's props. */
  props: (element: HTMLElement, events: WidgetEvents) => P;
  /** When to wake up: as soon as the element is near the viewport, or on the first interaction. */
  wake?: "visible" | "interaction";
  /** Render into this root instead of the element (the partner embed's shadow root). */
  root?: (element: HTMLElement) => Element | ShadowRoot;
};

class Fallback extends ReactComponent<{ children: ReactNode; onError: (error: unknown) => void }, { failed: boolean }> {
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

/** Defines `tag` for `Component` unless a tag of that name exists already. */
export function defineWidget<P extends object>(tag: string, Component: ComponentType<P>, options: Options<P>): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      #cleanup: (() => void) | null = null;
      #container: Element | ShadowRoot | null = null;

      connectedCallback() {
        const wake = () => {
          this.#cleanup?.();
          this.#cleanup = null;
          this.#mount();
        };
        if (options.wake === "interaction") {
          const events = ["pointerover", "focusin", "touchstart"];
          events.forEach((name) => this.addEventListener(name, wake, { once: true, passive: true }));
          this.#cleanup = () => events.forEach((name) => this.removeEventListener(name, wake));
        } else if ("IntersectionObserver" in window) {
          const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), { rootMargin: "200px" });
          observer.observe(this);
          this.#cleanup = () => observer.disconnect();
        } else {
          wake();
        }
      }

      disconnectedCallback() {
        this.#cleanup?.();
        if (this.#container) unmountComponentAtNode(this.#container as Element);
        this.#container = null;
        this.removeAttribute("ready");
      }

      #mount() {
        if (this.#container) return;
        const fallbackHtml = this.innerHTML;
        const events: WidgetEvents = {
          dispatch: (type, detail) => this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true })),
        };
        const onError = (error: unknown) => {
          console.error(`${tag} failed`, error);
          this.setAttribute("failed", "");
          // The visitor sees the server-rendered HTML again, never a blank box.
          if (this.#container) unmountComponentAtNode(this.#container as Element);
          if (!options.root) this.innerHTML = fallbackHtml;
        };
        try {
          const container = options.root ? options.root(this) : this;
          const element = (
            <Fallback onError={onError}>
              <Component {...options.props(this, events)} />
            </Fallback>
          );
          if (options.root || !this.firstElementChild) render(element, container as Element);
          else hydrate(element, container as Element);
          this.#container = container;
          this.setAttribute("ready", "");
        } catch (error) {
          onError(error);
        }
      }
    },
  );
}
