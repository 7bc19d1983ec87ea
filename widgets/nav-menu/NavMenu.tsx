// The header's 'Ydelser' menu (SPEC.md section 9 timings): opens 200 ms after the pointer arrives, at
// once if it closed less than 300 ms ago (skip delay), closes 150 ms after the pointer leaves. A click,
// Enter, Space or ArrowDown on the toggle opens it; Escape closes it and returns focus to the toggle;
// the arrow keys move between its links.
import { useEffect, useRef, useState } from "react";

export const NAV_TIMINGS = { openDelayMs: 200, skipDelayMs: 300, closeDelayMs: 150 } as const;

export type NavLink = { href: string; label: string; description?: string };
export type NavMenuProps = { id: string; trigger: NavLink; items: NavLink[]; links: NavLink[]; current?: string };

/** The desktop navigation with the 'Ydelser' dropdown. */
export function NavMenu({ id, trigger, items, links, current }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closedAt = useRef(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLUListElement>(null);

  const later = (fn: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };
  const show = (value: boolean) => {
    clearTimeout(timer.current);
    if (!value) closedAt.current = Date.now();
    setOpen(value);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const focusItem = (index: number) => {
    const anchors = [...(panel.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    anchors[(index + anchors.length) % anchors.length]?.focus();
  };

  const onPointerEnter = () => {
    if (open) return clearTimeout(timer.current);
    const recentlyClosed = Date.now() - closedAt.current < NAV_TIMINGS.skipDelayMs;
    if (recentlyClosed) show(true);
    else later(() => show(true), NAV_TIMINGS.openDelayMs);
  };
  const onPointerLeave = () => (open ? later(() => show(false), NAV_TIMINGS.closeDelayMs) : clearTimeout(timer.current));

  const onToggleKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      show(true);
      setTimeout(() => focusItem(0));
    }
  };
  const onPanelKey = (event: KeyboardEvent) => {
    const anchors = [...(panel.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    const index = anchors.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusItem(index + (event.key === "ArrowDown" ? 1 : -1));
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      show(false);
      toggle.current?.focus();
    }
  };

  return (
    <nav aria-label="Hovedmenu" onKeyDown={onKeyDown}>
      <ul className="flex items-center gap-1">
        <li className="nav-dropdown relative" data-open={open ? "" : undefined} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
          <a href={trigger.href} className="nav-link" aria-current={current === trigger.href ? "page" : undefined}>
            {trigger.label}
          </a>
          <button
            ref={toggle}
            type="button"
            className="nav-toggle"
            aria-expanded={open ? "true" : "false"}
            aria-controls={`${id}-panel`}
            aria-label={`Vis menuen ${trigger.label}`}
            onClick={() => show(!open)}
            onKeyDown={onToggleKey}
          >
            ▾
          </button>
          <ul id={`${id}-panel`} ref={panel} className="nav-panel" hidden={!open} onKeyDown={onPanelKey}>
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={current === item.href ? "page" : undefined}>
                  <strong>{item.label}</strong>
                  {item.description ? <span>{item.description}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </li>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="nav-link" aria-current={current === link.href ? "page" : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
