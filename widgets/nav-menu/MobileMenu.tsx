// The header's menu on small screens: a <details> that opens without JavaScript. Hydrated, it closes
// on Escape wherever focus is (returning focus to its button when it was inside), when focus leaves it
// (so Tab never walks under the open panel), and on a tap outside it or on one of its links.
import { useEffect, useRef } from "react";
import { menu, phone as phoneShape } from "../shared/icons.json";
import { Icon } from "../shared/Icon.tsx";
import type { NavLink } from "./NavMenu.tsx";

export type MobileMenuProps = { items: NavLink[]; links: NavLink[]; phone: { display: string; e164: string } };

/** The mobile menu. */
export function MobileMenu({ items, links, phone }: MobileMenuProps) {
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const menu = details.current;
    if (!menu) return;
    const close = (returnFocus: boolean) => {
      menu.open = false;
      if (returnFocus) menu.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: Event) => menu.open && !menu.contains(event.target as Node) && close(false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.open) close(menu.contains(document.activeElement));
    };
    // Native focusout (React's onBlur and Preact's onFocusOut differ): leaving the menu closes it.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (menu.open && next && !menu.contains(next)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    menu.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      menu.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  const onClick = (event: { target: EventTarget | null }) => {
    if ((event.target as Element).closest("a") && details.current) details.current.open = false;
  };

  // The services are listed once, under 'Ydelser', even where the header also links some directly.
  const serviceHrefs = new Set(items.map((item) => item.href));
  const list = (entries: NavLink[]) =>
    entries.map((link) => (
      <li key={link.href}>
        <a href={link.href}>
          <strong>{link.label}</strong>
          {link.description ? <span>{link.description}</span> : null}
        </a>
      </li>
    ));
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click here is a followed link (Enter on a link clicks it) closing the menu
    <details ref={details} className="mobile-menu" onClick={onClick}>
      <summary className="mobile-toggle">
        <Icon shape={menu} />
        <span>Menu</span>
      </summary>
      <nav className="mobile-panel" aria-label="Mobilmenu">
        <p className="mobile-heading">Ydelser</p>
        <ul>{list(items)}</ul>
        <ul className="mt-3 border-t border-slate-200 pt-3">{list(links.filter((link) => !serviceHrefs.has(link.href)))}</ul>
        <a href="/kontakt" className="btn btn-primary mt-4 w-full">
          Få et gratis tilbud
        </a>
        <a href={`tel:${phone.e164}`} className="btn btn-outline mt-2 w-full">
          <Icon shape={phoneShape} /> Ring {phone.display}
        </a>
      </nav>
    </details>
  );
}
