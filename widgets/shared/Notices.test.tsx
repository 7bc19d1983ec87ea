// The notices region with fake timers: display times, the visible limit, close, swipe, Alt+T.
import { flushSync } from "react-dom";
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, mount, unmount } from "../testing.tsx";
import { Notices } from "./Notices.tsx";
import { dismissAll, notify } from "./notices.ts";

let host: HTMLElement;
let root: Root;
beforeEach(async () => {
  vi.useFakeTimers();
  dismissAll();
  host = document.createElement("div");
  document.body.append(host);
  root = await mount(host, <Notices />);
});
afterEach(async () => {
  await unmount(root);
  host.remove();
  vi.useRealTimers();
});

const items = () => [...host.querySelectorAll("li")];
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const show = (title: string, extra = {}) => act(() => void notify({ title, ...extra }));

describe("Notices", () => {
  it("is a polite live region, a landmark labelled 'Notifications' (in English) only while it shows notices", async () => {
    const region = host.querySelector("section")!;
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.getAttribute("aria-label")).toBeNull();
    await show("Hej");
    expect(region.getAttribute("aria-label")).toBe("Notifications");
    expect(region.getAttribute("lang")).toBe("en");
    expect(region.querySelector("ol")!.getAttribute("lang")).toBe("da");
    expect(region.querySelector(".notice-close [aria-hidden='true']")!.textContent).toBe("×");
  });

  it("links the phone number a description names", async () => {
    await show("Fejl", { description: "Ring til os på 12 34 56 78.", phone: { display: "12 34 56 78", e164: "+4512345678" } });
    expect(items()[0].querySelector('a[href="tel:+4512345678"]')!.textContent).toBe("12 34 56 78");
  });

  it("pauses every notice while focus is in the region (Alt+T), and returns focus when the last is closed", async () => {
    const before = document.createElement("button");
    document.body.append(before);
    before.focus();
    await show("Bliv", { durationMs: 1000 });
    await act(() => void document.dispatchEvent(new KeyboardEvent("keydown", { key: "t", code: "KeyT", altKey: true })));
    expect(document.activeElement).toBe(host.querySelector("section"));
    await advance(3000);
    expect(items()).toHaveLength(1);
    await act(() => items()[0].querySelector("button")!.click());
    await advance(200);
    expect(items()).toHaveLength(0);
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it("removes a notice after 4000 ms by default, then 200 ms of animation", async () => {
    await show("Hej");
    await advance(3900);
    expect(items()).toHaveLength(1);
    await advance(200);
    expect(items()[0].className).toContain("notice-removing");
    await advance(200);
    expect(items()).toHaveLength(0);
  });

  it("keeps a quote notice for 5000 ms", async () => {
    await show("Besked sendt!", { durationMs: 5000 });
    await advance(4500);
    expect(items()).toHaveLength(1);
    await advance(800);
    expect(items()).toHaveLength(0);
  });

  it("shows at most three at a time, newest last, with a destructive variant", async () => {
    for (const title of ["1", "2", "3", "4"]) await show(title, title === "4" ? { variant: "destructive" } : {});
    expect(items().map((item) => item.querySelector(".notice-title")!.textContent)).toEqual(["2", "3", "4"]);
    expect(items()[2].classList).toContain("notice-destructive");
  });

  it("closes with its close button", async () => {
    await show("Luk mig");
    await act(() => items()[0].querySelector("button")!.click());
    await advance(200);
    expect(items()).toHaveLength(0);
  });

  it("is dismissed by a swipe past 20 px, not by a smaller one", async () => {
    await show("Swipe");
    const swipe = async (distance: number) => {
      const item = items()[0];
      await act(() => {
        item.dispatchEvent(new PointerEvent("pointerdown", { clientX: 100, bubbles: true }));
        item.dispatchEvent(new PointerEvent("pointermove", { clientX: 100 + distance, bubbles: true }));
        item.dispatchEvent(new PointerEvent("pointerup", { clientX: 100 + distance, bubbles: true }));
      });
      await advance(200);
    };
    await swipe(15);
    expect(items()).toHaveLength(1);
    await swipe(25);
    expect(items()).toHaveLength(0);
  });

  // The shortcut once waited for the page's next frame after a notice came (an effect): a visitor quick
  // on the keys, or a busy phone, had Alt+T do nothing while the notice was on screen.
  it("answers Alt+T from the moment a notice is drawn", async () => {
    // Drawn as a page draws it, outside act(), which would run the effects too; Preact draws in a microtask.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    flushSync(() => void notify({ title: "Hej" }));
    for (let tries = 0; tries < 10 && items().length === 0; tries++) await Promise.resolve();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    expect(items()).toHaveLength(1);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "t", code: "KeyT", altKey: true }));
    expect(document.activeElement).toBe(host.querySelector("section"));
  });

  it("moves focus to the region on Alt+T while it shows notices, and leaves Alt+T to the page otherwise", async () => {
    const press = () => {
      const event = new KeyboardEvent("keydown", { key: "t", code: "KeyT", altKey: true, cancelable: true });
      document.dispatchEvent(event);
      return event;
    };
    let event: KeyboardEvent | undefined;
    await act(() => {
      event = press();
    });
    expect(event!.defaultPrevented).toBe(false);
    expect(document.activeElement).not.toBe(host.querySelector("section"));
    await show("Hej");
    await act(() => {
      event = press();
    });
    expect(event!.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(host.querySelector("section"));
  });
});
