// The events a partner's page listens for (README "Events"): one per attempt, from
// the element, out of its shadow root, with the documented detail.
import { afterEach, describe, expect, it } from "vitest";
import { reportResultFrom } from "./events.ts";

let listening = new AbortController();
afterEach(() => {
  listening.abort();
  listening = new AbortController();
  document.body.replaceChildren();
});

/** The events that reach the document from a host inside a shadow root, as on a partner's page. */
const eventsOnThePage = () => {
  const outer = document.createElement("div");
  document.body.append(outer);
  const host = document.createElement("span");
  outer.attachShadow({ mode: "open" }).append(host);
  const seen: { type: string; detail: unknown }[] = [];
  for (const type of ["quote-sent", "quote-failed"])
    document.addEventListener(type, (event) => seen.push({ type, detail: (event as CustomEvent).detail }), { signal: listening.signal });
  return { report: reportResultFrom(host), seen };
};

describe("the quote form's events", () => {
  it("fires quote-sent with the request id after a stored request", () => {
    const { report, seen } = eventsOnThePage();
    report({ ok: true, id: "6f1d0c2e-6a0b-4c55-9a57-0f1f2e3d4c5b" });
    expect(seen).toEqual([{ type: "quote-sent", detail: { requestId: "6f1d0c2e-6a0b-4c55-9a57-0f1f2e3d4c5b" } }]);
  });

  it("fires quote-failed with the server's request id and status, or nulls when no answer came", () => {
    const { report, seen } = eventsOnThePage();
    report({ ok: false, status: 429, requestId: "r-429", message: "Vi har modtaget flere forespørgsler" });
    report({ ok: false });
    expect(seen).toEqual([
      { type: "quote-failed", detail: { requestId: "r-429", status: 429 } },
      { type: "quote-failed", detail: { requestId: null, status: null } },
    ]);
  });
});
