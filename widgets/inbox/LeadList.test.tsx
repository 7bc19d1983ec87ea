// The list while it is open, on Preact and on React: a lead stored after the list was read shows at the
// next poll, 3 s later (so within 5 s of being sent), without reading the page again; with no connection,
// the list kept on the phone shows, marked with the time it was read. The backend is the `InboxApi` the
// page is given (api.ts), answering as the inbox function does.
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, mount, unmount } from "../testing.tsx";
import { type Actions, type InboxApi, InboxError, type LeadSummary, OFFLINE_MESSAGE } from "./api.ts";
import { LeadList, POLL_MS } from "./LeadList.tsx";
import { keepList } from "./offline-list.ts";

const lead = (id: string, name: string, created: Date): LeadSummary => ({
  id,
  created_at: created.toISOString(),
  updated_at: created.toISOString(),
  kind: "callback",
  name,
  town: "Faxe",
  about: "Vil ringes op",
  source: { type: "site", page: "/" },
  state: "ny",
});

let host: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-10T13:32:00Z") });
  host = document.createElement("div");
  document.body.append(host);
});
afterEach(async () => {
  await unmount(root);
  root = undefined;
  host.remove();
  localStorage.clear();
  vi.useRealTimers();
});

/** A backend whose stored leads the test changes; `offline` makes every call fail as fetch does without a connection. */
function backend(stored: LeadSummary[]) {
  const calls: Actions["leads"][0][] = [];
  const state = { offline: false };
  const api: InboxApi = {
    async call(action, params) {
      if (state.offline) throw new InboxError(OFFLINE_MESSAGE, 0);
      if (action !== "leads") throw new Error(`unexpected ${action}`);
      const { since } = params as Actions["leads"][0];
      calls.push(params as Actions["leads"][0]);
      const leads = since ? stored.filter((each) => each.updated_at > since) : stored;
      return { leads: [...leads].reverse(), now: new Date().toISOString() } as never;
    },
    photo: () => Promise.reject(new Error("no photos here")),
  };
  return { api, calls, state };
}

const names = () => [...host.querySelectorAll(".inbox-lead strong")].map((name) => name.textContent);
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe("the list of leads, open on a phone", () => {
  it("shows a lead stored after it was read at the next poll, within 5 s, without reading the page again", async () => {
    expect(POLL_MS).toBeLessThanOrEqual(4000);
    const stored = [lead("a", "Ole Olsen", new Date(Date.now() - 60 * 60_000))];
    const { api, calls } = backend(stored);
    root = await mount(host, <LeadList api={api} userId="ejer-1" storage={localStorage} onSignedOut={() => undefined} />);
    await settle();
    expect(names()).toEqual(["Ole Olsen"]);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    stored.push(lead("b", "Karen Jensen", new Date()));
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS - 1000));
    expect(names()).toEqual(["Karen Jensen", "Ole Olsen"]);
    expect(host.querySelector(".inbox-lead time")?.textContent).toBe("lige nu");
    // Asked with `since` (what changed), then read again in full.
    expect(calls.map((call) => Boolean(call.since))).toEqual([false, true, false]);
  });

  it("shows the list kept on the phone when there is no connection, with the time it was read", async () => {
    keepList(localStorage, "ejer-1", [lead("a", "Ole Olsen", new Date("2026-11-10T13:00:00Z"))], new Date("2026-11-10T12:32:00Z"));
    keepList(localStorage, "svend-2", [lead("x", "Ikke Min", new Date())], new Date());
    const { api, state } = backend([]);
    state.offline = true;
    root = await mount(host, <LeadList api={api} userId="ejer-1" storage={localStorage} onSignedOut={() => undefined} />);
    await settle();
    expect(names()).toEqual(["Ole Olsen"]);
    expect(host.querySelector(".inbox-offline")?.textContent).toBe("Offline: listen fra kl. 13.32");

    state.offline = false;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(host.querySelector(".inbox-offline")).toBeNull();
    expect(names()).toEqual([]);
  });
});
