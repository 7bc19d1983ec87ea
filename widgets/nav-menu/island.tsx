// The header's menus as islands: rendered at build time, hydrated with props read back from the markup
// the build rendered. Their props are their own links and text, the same on every page but for the
// current one, so they do not travel a second time as JSON in a `props` attribute (about 2.4 kB raw
// per page, which helped take the longest pages past the first round trip of a connection).
import { hydrated } from "../shared/island-contract.tsx";
import { MobileMenu, type MobileMenuProps } from "./MobileMenu.tsx";
import { type NavLink, NavMenu, type NavMenuProps } from "./NavMenu.tsx";

const text = (element: Element | null) => element?.textContent?.trim() ?? "";

/** A rendered menu entry: `<a href><strong>label</strong><span>description</span></a>`, or plain text. */
function entry(anchor: Element): NavLink {
  const href = anchor.getAttribute("href") ?? "";
  const strong = anchor.querySelector("strong");
  if (!strong) return { href, label: text(anchor) };
  const description = text(anchor.querySelector("span"));
  return description ? { href, label: text(strong), description } : { href, label: text(strong) };
}

/**
 * An element the build always renders. Missing, the markup is not the build's: reading props from it
 * would invent them, so hydration fails instead (the island is marked `failed`, and its HTML keeps working).
 */
function rendered(host: HTMLElement, selector: string): Element {
  const element = host.querySelector(selector);
  if (!element) throw new Error(`${host.localName}: no ${selector} in the built markup`);
  return element;
}

export const nav = hydrated<NavMenuProps, Omit<NavMenuProps, "current">>({
  // The page's own entry is marked as the current one.
  fromPage: (params, page) => ({ ...params, current: page.path }),
  render: (props) => <NavMenu {...props} />,
  readProps: (host) => {
    const panel = rendered(host, ".nav-dropdown ul");
    return {
      id: panel.id.replace(/-panel$/, ""),
      trigger: entry(rendered(host, ".nav-dropdown > a")),
      items: [...panel.querySelectorAll("a")].map(entry),
      links: [...host.querySelectorAll("nav > ul > li:not(.nav-dropdown) > a")].map(entry),
      current: host.querySelector('a[aria-current="page"]')?.getAttribute("href") ?? undefined,
    };
  },
});

export const mobileMenu = hydrated<MobileMenuProps>({
  render: (props) => <MobileMenu {...props} />,
  readProps: (host) => {
    const entries = (list: Element) => [...list.querySelectorAll("a")].map(entry);
    const call = rendered(host, '.mobile-panel a[href^="tel:"]');
    return {
      items: entries(rendered(host, ".mobile-panel ul")),
      links: entries(rendered(host, ".mobile-panel ul + ul")),
      phone: { e164: (call.getAttribute("href") ?? "").slice("tel:".length), display: text(call).replace(/^Ring\s+/, "") },
    };
  },
});
