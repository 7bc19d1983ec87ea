// Mounting a widget: hydration keeps the server's HTML, and a component that throws never leaves a
// blank box: the fallback HTML (the server render, or the phone and e-mail in the embed) comes back.
import { useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dispatchFrom, mountWidget } from "./mount.tsx";

afterEach(() => document.body.replaceChildren());
// These tests watch a hydration as a page runs it, with no act() to flush it: they say so to React,
// which otherwise warns of updates outside act() (the harness, widgets/testing.tsx, says the opposite
// for the files that use it, and the files of a worker share the global).
beforeAll(() => vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", false));
afterAll(() => vi.unstubAllGlobals());

/** Resolves with the host's HTML at the moment `ready` is set. */
const htmlWhenReady = (host: HTMLElement) =>
  new Promise<string>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!host.hasAttribute("ready")) return;
      observer.disconnect();
      resolve(host.innerHTML);
    });
    observer.observe(host, { attributes: true, attributeFilter: ["ready"] });
  });

/** Like the header menu: its button and listeners arrive in an effect after hydration. */
function HydratesInAnEffect() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <button type="button">Vis menuen</button> : <span>Vis menuen</span>;
}

/** The same, on a busy main thread: other work holds it for 20 ms right after the effects have run. */
function HydratesOnABusyThread() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    queueMicrotask(() => {
      const until = performance.now() + 20;
      while (performance.now() < until) {
        // Busy, as a cheap phone is with another script: any timer set by now is due when this ends.
      }
    });
  }, []);
  return hydrated ? <button type="button">Vis menuen</button> : <span>Vis menuen</span>;
}

function Broken(): never {
  throw new Error("broken");
}

describe("mountWidget", () => {
  it("hydrates the server-rendered HTML and marks the host ready", async () => {
    const host = document.createElement("div");
    host.innerHTML = "<p>Hej</p>";
    document.body.append(host);
    mountWidget(host, () => <p>Hej</p>, { hydrate: hydrateRoot });
    expect(host.innerHTML).toBe("<p>Hej</p>");
    await vi.waitFor(() => expect(host.hasAttribute("ready")).toBe(true));
  });

  it.each([
    ["", HydratesInAnEffect],
    [", even when the main thread is busy between the effects and that render", HydratesOnABusyThread],
  ])("sets `ready` only once the component's effects have run and the render they asked for is on the page%s", async (_, Widget) => {
    const host = document.createElement("div");
    host.innerHTML = "<span>Vis menuen</span>";
    document.body.append(host);
    const whenReady = htmlWhenReady(host);
    mountWidget(host, () => <Widget />, { hydrate: hydrateRoot });
    // A visitor (or a test) acting on `ready` finds the hydrated control, not the server's placeholder.
    expect(await whenReady).toBe('<button type="button">Vis menuen</button>');
  });

  it("puts the fallback HTML back and marks the host failed when the component throws", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const host = document.createElement("div");
    host.innerHTML = '<form action="/x"><button>Send</button></form>';
    document.body.append(host);
    mountWidget(host, () => <Broken />, { hydrate: hydrateRoot });
    // React 19 renders a root asynchronously; Preact at once. Either way the failure arrives.
    await vi.waitFor(() => expect(host.hasAttribute("failed")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(host.hasAttribute("ready")).toBe(false);
    expect(host.innerHTML).toBe('<form action="/x"><button>Send</button></form>');
  });

  it("fires bubbling, composed events with their detail from the host", () => {
    const host = document.createElement("div");
    document.body.append(host);
    const seen = vi.fn();
    document.addEventListener("quote-sent", (event) => seen((event as CustomEvent).detail, event.bubbles, event.composed), { once: true });
    dispatchFrom(host, "quote-sent", { requestId: "abc" });
    expect(seen).toHaveBeenCalledWith({ requestId: "abc" }, true, true);
  });
});
