// The island element that every page loads up front: it waits for the visitor, then mounts once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { defineIsland } from "./island.ts";

afterEach(() => document.body.replaceChildren());

describe("defineIsland", () => {
  it("leaves the server-rendered HTML alone until the first interaction, then mounts once", async () => {
    const unmount = vi.fn();
    const mount = vi.fn((element: HTMLElement) => {
      element.setAttribute("ready", "");
      return unmount;
    });
    defineIsland("test-island-wake", async () => mount);
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

  it("is harmless when defined twice (a page may load a script twice)", () => {
    const first = vi.fn();
    defineIsland("test-island-twice", first);
    const defined = customElements.get("test-island-twice");
    defineIsland("test-island-twice", vi.fn());
    expect(customElements.get("test-island-twice")).toBe(defined);
  });

  it("keeps the HTML and marks the element failed when its code cannot load", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    defineIsland("test-island-broken", () => Promise.reject(new Error("offline")));
    const island = document.createElement("test-island-broken");
    island.innerHTML = "<p>Ring til os</p>";
    document.body.append(island);
    island.dispatchEvent(new Event("pointerdown"));
    await vi.waitFor(() => expect(island.hasAttribute("failed")).toBe(true));
    expect(island.innerHTML).toBe("<p>Ring til os</p>");
    expect(error).toHaveBeenCalled();
  });
});
