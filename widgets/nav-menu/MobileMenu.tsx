// The header's menu on small screens: a <details> that opens without JavaScript. Hydrated, Escape
// closes it and returns focus to its button, and a tap outside it or on one of its links closes it.
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";
import { Icon } from "../shared/Icon.tsx";
import type { NavLink } from "./NavMenu.tsx";

export type MobileMenuProps = { items: NavLink[]; links: NavLink[]; phone: { display: string; e164: string } };

/** The mobile menu. */
export function MobileMenu({ items, links, phone }: MobileMenuProps) {
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: Event) => {
      const menu = details.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const menu = details.current;
    if (event.key !== "Escape" || !menu?.open) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  };
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest("a") && details.current) details.current.open = false;
  };

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
    <details ref={details} className="mobile-menu" onKeyDown={onKeyDown} onClick={onClick}>
      <summary className="mobile-toggle">
        <Icon name="menu" />
        <span>Menu</span>
      </summary>
      <nav className="mobile-panel" aria-label="Mobilmenu">
        <p className="mobile-heading">Ydelser</p>
        <ul>{list(items)}</ul>
        <ul className="mt-3 border-t border-slate-200 pt-3">{list(links)}</ul>
        <a href="/kontakt" className="btn btn-primary mt-4 w-full">
          Få et gratis tilbud
        </a>
        <a href={`tel:${phone.e164}`} className="btn btn-outline mt-2 w-full">
          <Icon name="phone" /> Ring {phone.display}
        </a>
      </nav>
    </details>
  );
}
