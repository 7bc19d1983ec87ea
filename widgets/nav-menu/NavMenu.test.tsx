// The 'Ydelser' menu with fake timers: hover, skip and close delays; click and keyboard.
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, hover, mount, unmount } from "../testing.tsx";
import { NavMenu } from "./NavMenu.tsx";

const ITEMS = [
  { href: "/ydelser/private", label: "Private", description: "Installationer i hjemmet" },
  { href: "/ydelser/erhverv", label: "Erhverv" },
  { href: "/ydelser/event", label: "Event" },
  { href: "/ydelser/energioptimering", label: "Energioptimering" },
];
let host: HTMLElement;
let root: Root;
beforeEach(async () => {
  vi.useFakeTimers();
  host = document.createElement("div");
  document.body.append(host);
  root = await mount(
    host,
    <NavMenu id="nav" trigger={{ href: "/ydelser", label: "Ydelser" }} items={ITEMS} links={[{ href: "/kontakt", label: "Kontakt" }]} />,
  );
});
afterEach(async () => {
  await unmount(root);
  host.remove();
  vi.useRealTimers();
});

const dropdown = () => host.querySelector<HTMLElement>(".nav-dropdown")!;
const toggle = () => host.querySelector<HTMLButtonElement>(".nav-toggle")!;
const isOpen = () => toggle().getAttribute("aria-expanded") === "true" && !host.querySelector<HTMLElement>("#nav-panel")!.hidden;
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const pointer = (type: "pointerenter" | "pointerleave") => act(() => hover(dropdown(), type === "pointerenter" ? "enter" : "leave"));
const key = (target: Element, name: string) =>
  act(() => void target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })));

describe("NavMenu", () => {
  it("opens 200 ms after the pointer arrives and closes 150 ms after it leaves", async () => {
    await pointer("pointerenter");
    await advance(199); // docs/product.md#business-constants-and-timings: 200 ms hover delay
    expect(isOpen()).toBe(false);
    await advance(1);
    expect(isOpen()).toBe(true);
    await pointer("pointerleave");
    await advance(149); // 150 ms close delay
    expect(isOpen()).toBe(true);
    await advance(1);
    expect(isOpen()).toBe(false);
  });

  it("reopens at once within the 300 ms skip delay, and waits again after it", async () => {
    await pointer("pointerenter");
    await advance(200);
    await pointer("pointerleave");
    await advance(150);
    await advance(100);
    await pointer("pointerenter");
    expect(isOpen()).toBe(true);
    await pointer("pointerleave");
    await advance(150 + 300); // past the 300 ms skip delay
    await pointer("pointerenter");
    expect(isOpen()).toBe(false);
  });

  it("does not open when the pointer only passes through", async () => {
    await pointer("pointerenter");
    await advance(100);
    await pointer("pointerleave");
    await advance(500);
    expect(isOpen()).toBe(false);
  });

  it("opens on click, and Escape closes it and returns focus to the toggle", async () => {
    await act(() => toggle().click());
    expect(isOpen()).toBe(true);
    const first = host.querySelector<HTMLAnchorElement>("#nav-panel a")!;
    first.focus();
    await key(first, "Escape");
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it("opens with ArrowDown on the toggle and moves between the links with the arrow keys", async () => {
    toggle().focus();
    await key(toggle(), "ArrowDown");
    await advance(1);
    const links = [...host.querySelectorAll<HTMLAnchorElement>("#nav-panel a")];
    expect(isOpen()).toBe(true);
    expect(document.activeElement).toBe(links[0]);
    await key(links[0], "ArrowDown");
    expect(document.activeElement).toBe(links[1]);
    await key(links[1], "ArrowUp");
    await key(links[0], "ArrowUp");
    expect(document.activeElement).toBe(links[3]);
  });
});
