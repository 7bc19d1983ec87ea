// The island element that every page loads up front: it waits for the visitor, then mounts once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { WAKE_EVENTS } from "../islands.js";
import { defineIsland, whenAwake } from "./island.ts";

afterEach(() => document.body.replaceChildren());

describe("defineIsland", () => {
  it("leaves the server-rendered HTML alone until the first interaction, then mounts once", async () => {
    const unmount = vi.fn();
    const mount = vi.fn((element: HTMLElement) => {
      element.setAttribute("ready", "");
      return { unmount };
    });
    defineIsland({ tag: "test-island-wake", mount: whenAwake("interaction", async () => mount) });
    const island = document.createElement("test-island-wake");
    island.innerHTML = "<button>Vis</button>";
    document.body.append(island);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mount).not.toHaveBeenCalled();
    island.querySelector("button")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    island.dispatchEvent(new Event("pointerover", { bubbles: true }));
    await vi.waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
    expect(island.hasAttribute("ready")).toBe(true);
    island.remove();
    expect(unmount).toHaveBeenCalledTimes(1);
  });

  for (const name of WAKE_EVENTS) {
    it(`wakes on the first ${name}`, async () => {
      const mount = vi.fn(() => ({ unmount: () => {} }));
      const tag = `test-island-${name}`;
      defineIsland({ tag, mount: whenAwake("interaction", async () => mount) });
      const island = document.createElement(tag);
      document.body.append(island);
      island.dispatchEvent(new Event(name, { bubbles: true }));
      await vi.waitFor(() => expect(mount).toHaveBeenCalledWith(island));
    });
  }

  it("mounts at once without anything to wait for (the partner embed), and again when put back", async () => {
    const unmount = vi.fn();
    const mount = vi.fn(() => ({ unmount }));
    defineIsland({ tag: "test-island-at-once", mount });
    const island = document.createElement("test-island-at-once");
    document.body.append(island);
    expect(mount).toHaveBeenCalledTimes(1);
    island.remove();
    expect(unmount).toHaveBeenCalledTimes(1);
    document.body.append(island);
    expect(mount).toHaveBeenCalledTimes(2);
  });

  it("does not mount an island that left the page while its code loaded", async () => {
    const mount = vi.fn(() => ({ unmount: () => {} }));
    let loaded = (_: typeof mount) => {};
    defineIsland({ tag: "test-island-gone", mount: whenAwake("interaction", () => new Promise((resolve) => (loaded = resolve))) });
    const island = document.createElement("test-island-gone");
    document.body.append(island);
    island.dispatchEvent(new Event("pointerdown"));
    island.remove();
    loaded(mount);
    await Promise.resolve();
    expect(mount).not.toHaveBeenCalled();
  });

  it("is harmless when defined twice (a page may load a script twice)", () => {
    defineIsland({ tag: "test-island-twice", mount: vi.fn() });
    const defined = customElements.get("test-island-twice");
    defineIsland({ tag: "test-island-twice", mount: vi.fn() });
    expect(customElements.get("test-island-twice")).toBe(defined);
  });

  it("keeps the HTML and marks the element failed when its code cannot load", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    defineIsland({ tag: "test-island-broken", mount: whenAwake("interaction", () => Promise.reject(new Error("offline"))) });
    const island = document.createElement("test-island-broken");
    island.innerHTML = "<p>Ring til os</p>";
    document.body.append(island);
    island.dispatchEvent(new Event("pointerdown"));
    await vi.waitFor(() => expect(island.hasAttribute("failed")).toBe(true));
    expect(island.innerHTML).toBe("<p>Ring til os</p>");
    expect(error).toHaveBeenCalled();
  });

  it("wakes at once when its entry says so, without an interaction ('Åben nu')", async () => {
    const mount = vi.fn(() => ({ unmount: () => {} }));
    defineIsland({ tag: "test-island-now", mount: whenAwake("now", async () => mount) });
    const island = document.createElement("test-island-now");
    document.body.append(island);
    await vi.waitFor(() => expect(mount).toHaveBeenCalledWith(island));
  });

  it("hydrates an island that wakes at once in a task after the one that loaded its code", async () => {
    const mount = vi.fn(() => ({ unmount: () => {} }));
    let loaded = false;
    defineIsland({
      tag: "test-island-later",
      mount: whenAwake("now", async () => {
        loaded = true;
        return mount;
      }),
    });
    document.body.append(document.createElement("test-island-later"));
    // Every promise of this task settled: the code is loaded, the island not yet hydrated.
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    expect(loaded).toBe(true);
    expect(mount).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it("updates what it mounted at each change of an attribute it observes, and only then (the partner embed)", () => {
    const update = vi.fn();
    defineIsland({ tag: "test-island-observing", observe: ["location"], mount: () => ({ unmount: () => {}, update }) });
    const island = document.createElement("test-island-observing");
    island.setAttribute("location", "Køge"); // before it mounts: read when it does
    document.body.append(island);
    expect(update).not.toHaveBeenCalled();
    island.setAttribute("location", "Herfølge");
    island.setAttribute("class", "wide");
    expect(update).toHaveBeenCalledTimes(1);
    island.remove();
    island.setAttribute("location", "Faxe");
    expect(update).toHaveBeenCalledTimes(1);
  });
});
