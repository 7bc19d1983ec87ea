// The page's one notices region, created the first time a widget needs it: an element at the end of
// <body> holding <Notices />. The partner embed puts it in a shadow root with the embed's styles.
import { createRoot } from "react-dom/client";
import { Notices } from "./Notices.tsx";

/** Creates `<tag>` with the notices region unless the page has it already; returns it. */
export function ensureNoticesRegion(tag: string, styles?: CSSStyleSheet[]): HTMLElement {
  const found = document.querySelector<HTMLElement>(tag);
  if (found) return found;
  const host = document.createElement(tag);
  let root: Element | ShadowRoot = host;
  if (styles) {
    root = host.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = styles;
  }
  document.body.append(host);
  createRoot(root).render(<Notices />);
  return host;
}
