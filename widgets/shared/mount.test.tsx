// Mounting a widget: hydration keeps the server's HTML, and a component that throws never leaves a
// blank box: the fallback HTML (the server render, or the phone and e-mail in the embed) comes back.
import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchFrom, mountWidget } from "./mount.tsx";

afterEach(() => document.body.replaceChildren());

function Broken(): never {
  throw new Error("broken");
}

describe("mountWidget", () => {
  it("hydrates the server-rendered HTML and marks the host ready", () => {
    const host = document.createElement("div");
    host.innerHTML = "<p>Hej</p>";
    document.body.append(host);
    mountWidget(host, <p>Hej</p>, { hydrate: true });
    expect(host.innerHTML).toBe("<p>Hej</p>");
    expect(host.hasAttribute("ready")).toBe(true);
  });

  it("puts the fallback HTML back and marks the host failed when the component throws", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const host = document.createElement("div");
    host.innerHTML = '<form action="/x"><button>Send</button></form>';
    document.body.append(host);
    mountWidget(host, <Broken />, { hydrate: true });
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
