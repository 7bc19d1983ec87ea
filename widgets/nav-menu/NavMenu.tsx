// The header's desktop navigation with the 'Ydelser' menu (timings: docs/product.md#business-constants-and-timings): opens 200 ms
// after the pointer arrives, at once if it closed less than 300 ms ago (skip delay), closes 150 ms
// after the pointer leaves. A click, Enter, Space or ArrowDown on the toggle opens it; Escape closes
// it wherever focus is (returning focus to the toggle when it was in the menu); the arrow keys move
// between its links; focus leaving it closes it. Keyboard focus alone never opens it: the toggle does.
// Built without JavaScript the menu is a CSS hover/focus dropdown and the toggle a plain chevron.
import { type KeyboardEvent as KeyEvent, type PointerEvent as PointerMove, useEffect, useLayoutEffect, useRef, useState } from "react";
import { chevron } from "../shared/icons.json";
import { Icon } from "../shared/Icon.tsx";

export const NAV_TIMINGS = { openDelayMs: 200, skipDelayMs: 300, closeDelayMs: 150 } as const;

export type NavLink = { href: string; label: string; description?: string };
export type NavMenuProps = { id: string; trigger: NavLink; items: NavLink[]; links: NavLink[]; current?: string };

const currentIf = (matches: boolean) => (matches ? ("page" as const) : undefined);
/**
 * The trigger marks where the visitor is: its own page ("page"), or a page of its section that no direct
 * link in the bar names ("true": /ydelser/private highlights 'Ydelser', /ydelser/event highlights 'Event').
 */
const triggerCurrent = (trigger: NavLink, links: NavLink[], current?: string) => {
  if (current === trigger.href) return "page" as const;
  const inSection = current?.startsWith(`${trigger.href}/`) && !links.some((link) => link.href === current);
  return inSection ? ("true" as const) : undefined;
};

/** The desktop navigation with the 'Ydelser' dropdown. */
export function NavMenu({ id, trigger, items, links, current }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closedAt = useRef(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLUListElement>(null);
  const dropdown = useRef<HTMLLIElement>(null);
  const focusFirst = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, at hydration; `show` only sets state
  useEffect(() => {
    // Hydrated while the pointer is already on the menu (that is what woke it): the CSS dropdown is
    // showing, so it stays open instead of blinking shut. Focus does not count: a keyboard visitor
    // tabbing past 'Ydelser' would otherwise get four extra Tab stops.
    if (dropdown.current?.matches(":hover")) setOpen(true);
    setHydrated(true);
    const item = dropdown.current;
    // Native focusout (React's onBlur and Preact's onFocusOut differ): focus leaving the menu closes it.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && item?.hasAttribute("data-open") && !item.contains(next)) show(false);
    };
    item?.addEventListener("focusout", onFocusOut);
    return () => {
      clearTimeout(timer.current);
      item?.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  // A layout effect, so the listener is in place in the commit that opens the menu: with useEffect it
  // came a frame later, and an Escape pressed right after Enter was lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows `open` only; `show` only sets state
  useLayoutEffect(() => {
    if (!open) return;
    // Escape closes the open menu wherever focus is (it may have opened under a resting pointer).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const inside = dropdown.current?.contains(document.activeElement);
      show(false);
      if (inside) toggle.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  // ArrowDown on the closed toggle: the first link takes focus in the commit that shows the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows `open` only
  useLayoutEffect(() => {
    if (!open || !focusFirst.current) return;
    focusFirst.current = false;
    focusItem(0);
  }, [open]);

  const later = (fn: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };
  const show = (value: boolean) => {
    clearTimeout(timer.current);
    if (!value) closedAt.current = Date.now();
    setOpen(value);
  };
  const anchors = () => [...(panel.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
  const focusItem = (index: number) => {
    const list = anchors();
    list[(index + list.length) % list.length]?.focus();
  };

  const onPointerEnter = (event: PointerMove) => {
    if (event.pointerType === "touch") return; // a tap is a click, not a hover
    if (open) return clearTimeout(timer.current);
    const recentlyClosed = Date.now() - closedAt.current < NAV_TIMINGS.skipDelayMs;
    if (recentlyClosed) show(true);
    else later(() => show(true), NAV_TIMINGS.openDelayMs);
  };
  const onPointerLeave = () => (open ? later(() => show(false), NAV_TIMINGS.closeDelayMs) : clearTimeout(timer.current));

  const onToggleKey = (event: KeyEvent) => {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    if (open) return focusItem(0);
    focusFirst.current = true; // once the panel shows (below)
    show(true);
  };
  const onPanelKey = (event: KeyEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    focusItem(anchors().indexOf(document.activeElement as HTMLAnchorElement) + (event.key === "ArrowDown" ? 1 : -1));
  };

  return (
    <nav aria-label="Hovedmenu">
      <ul className="flex items-center">
        <li
          ref={dropdown}
          className="nav-dropdown relative"
          data-open={open ? "" : undefined}
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
        >
          <a href={trigger.href} className="nav-link" aria-current={triggerCurrent(trigger, links, current)}>
            {trigger.label}
          </a>
          {hydrated ? (
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
              <Icon shape={chevron} className="icon size-4" />
            </button>
          ) : (
            <span className="nav-toggle">
              <Icon shape={chevron} className="icon size-4" />
            </span>
          )}
          <ul id={`${id}-panel`} ref={panel} className="nav-panel" hidden={hydrated && !open} onKeyDown={onPanelKey}>
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={currentIf(current === item.href)}>
                  <strong>{item.label}</strong>
                  {item.description ? <span>{item.description}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </li>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="nav-link" aria-current={currentIf(current === link.href)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
