// The booking form in happy-dom, on the aliased Preact that ships: the free times, choosing one,
// booking, the confirmation, a time taken meanwhile, and the link of a confirmation. The network is the
// one boundary faked here (fetch); tests/browser/journeys.js books through the real local stack.
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import bookingRules from "../../supabase/functions/_shared/booking-rules.json" with { type: "json" };
import { TEST_FACTS, TEST_REQUEST } from "../test-facts.ts";
import { act, formPage, mount as mountInto, typeInto } from "../testing.tsx";
import type { Slot } from "./booking-api.ts";
import { BookingForm } from "./BookingForm.tsx";

const FACTS = TEST_FACTS;
const VALID = TEST_REQUEST;
/** Two days of free times (a winter day: Copenhagen is UTC+1), 9.00, 10.30 and 13.00 the first. */
const SLOTS: Slot[] = [
  { start: "2030-01-14T08:00:00.000Z", end: "2030-01-14T09:00:00.000Z" },
  { start: "2030-01-14T09:30:00.000Z", end: "2030-01-14T10:30:00.000Z" },
  { start: "2030-01-14T12:00:00.000Z", end: "2030-01-14T13:00:00.000Z" },
  { start: "2030-01-15T08:00:00.000Z", end: "2030-01-15T09:00:00.000Z" },
];
const LINK = `${"1".repeat(8)}-2222-3333-4444-${"5".repeat(12)}.${"a".repeat(32)}`;

// The page the form is on; its clock (fill-clock.ts) is moved on as a person takes 8 s.
const page = formPage();
// The page has its notices' region already, so the form adds none that would outlive this file (the
// notices themselves are read from their store here).
const region = document.createElement("elektriker-notices");
beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, "", "/besigtigelse");
  document.body.append(region);
});
afterEach(() => region.remove());

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
/** The function as the form meets it: the free times, a booking by its link, and the booking sent (`book`). */
const backend = (book: (body: Record<string, unknown>) => Response, slots: () => Slot[] = () => SLOTS) => {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const query = new URL(url).searchParams;
    if (query.has("slots")) return answer(200, { slots: slots() });
    if (query.has("booking"))
      return answer(200, { start: SLOTS[3].start, end: SLOTS[3].end, active: true, cancelled: false, slots: SLOTS });
    return book(JSON.parse(String(init.body)));
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
};
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const mount = async () => {
  page.root = await mountInto(page.host, <BookingForm id="b" facts={FACTS} hours="man–fre 7–16" page="/besigtigelse" />);
  await settle();
};
const times = () => [...page.host.querySelectorAll<HTMLInputElement>("input[name=start]")];
const fill = async () => {
  for (const [name, value] of Object.entries(VALID))
    await act(() => typeInto(page.host.querySelector<HTMLInputElement>(`[name="${name}"]`)!, value));
  page.clock.now += 8_000;
};
const choose = (index: number) => act(() => times()[index].click());
const book = async () => {
  await act(async () => {
    page.host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
  await settle();
  await settle();
};

describe("BookingForm", () => {
  it("says how to book by phone or the quote form where no script runs", () => {
    const html = renderToString(<BookingForm id="b" facts={FACTS} hours="man–fre 7–16" page="/besigtigelse" />);
    expect(html).toContain(`href="tel:${FACTS.phone.e164}"`);
    expect(html).toContain('href="/kontakt"');
    expect(html).toContain("gratis og binder dig ikke til noget");
    expect(html).not.toContain('name="start"');
  });

  it("shows the free times as one radio group, a day to a fieldset named by its Danish day, in Copenhagen time", async () => {
    backend(() => answer(200, { id: "x" }));
    await mount();
    expect(times().map((time) => time.value)).toEqual(SLOTS.map((slot) => slot.start));
    const days = [...page.host.querySelectorAll(".booking-day")];
    const legends = days.map((day) => day.querySelector("legend")?.textContent);
    expect(legends).toEqual([expect.stringMatching(/^mandag den 14\. januar$/), expect.stringMatching(/^tirsdag den 15\. januar$/)]);
    expect(times().map((time) => time.closest("label")?.textContent)).toEqual(["kl. 09.00", "kl. 10.30", "kl. 13.00", "kl. 09.00"]);
  });

  it("asks for a time, focused, when 'Book besigtigelse' is pressed without one, and sends nothing", async () => {
    const fetch = backend(() => answer(200, { id: "x" }));
    await mount();
    await fill();
    await book();
    expect(page.host.querySelector("#b-start-error")?.textContent).toBe("Vælg en af de ledige tider");
    expect(document.activeElement).toBe(times()[0]);
    expect(fetch.mock.calls.filter(([url]) => !/[?&](slots|booking)\b/.test(url))).toEqual([]);
  });

  it("books the chosen time and confirms it in Danish, in the form and as a notice", async () => {
    const sent: Record<string, unknown>[] = [];
    backend((body) => {
      sent.push(body);
      return answer(200, { id: "booked" });
    });
    await mount();
    await choose(1);
    await fill();
    await book();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ ...VALID, kind: "booking", start: SLOTS[1].start, page: "/besigtigelse" });
    const confirmation = page.host.querySelector("#b-sent");
    expect(confirmation?.textContent).toContain("Tak! Din besigtigelse er booket: mandag den 14. januar 2030 kl. 10.30–11.30.");
    expect(document.activeElement).toBe(confirmation);
    expect(page.notices.map((notice) => notice.title)).toEqual(["Besigtigelse booket!"]);
    expect(page.host.querySelector<HTMLInputElement>("[name=name]")!.value).toBe("");
  });

  it("tells a visitor who lost the time in Danish and offers the nearest free times", async () => {
    // Between showing and booking, someone else took 10.30: the function refuses, the times come again.
    let free = SLOTS;
    backend(
      () => {
        free = SLOTS.filter((slot) => slot !== SLOTS[1]);
        return answer(409, { error: bookingRules.slotTaken.replace("{phone}", FACTS.phone.display), slots: free });
      },
      () => free,
    );
    await mount();
    await choose(1);
    await fill();
    await book();
    await settle();
    expect(page.host.querySelector("#b-failed")?.textContent).toContain("Tiden er desværre lige blevet booket af en anden.");
    const nearest = [...page.host.querySelectorAll(".booking-nearest button")].map((button) => button.textContent);
    expect(nearest).toEqual([
      "mandag den 14. januar 2030 kl. 09.00–10.00",
      "mandag den 14. januar 2030 kl. 13.00–14.00",
      "tirsdag den 15. januar 2030 kl. 09.00–10.00",
    ]);
    expect(times().map((time) => time.value)).not.toContain(SLOTS[1].start);
    expect(times().some((time) => time.checked)).toBe(false);
  });

  it("shows the booking a confirmation's link names, also when the link is followed on the page already open", async () => {
    backend(() => answer(200, { id: "x" }));
    await mount();
    expect(page.host.textContent).not.toContain("Aflys besigtigelsen");
    // Only the fragment changes: the browser does not load the page again.
    await act(() => {
      history.replaceState(null, "", `/besigtigelse#aendr=${LINK}`);
      dispatchEvent(new HashChangeEvent("hashchange"));
    });
    await settle();
    expect(page.host.querySelector("h2")?.textContent).toBe("Din besigtigelse");
    expect([...page.host.querySelectorAll("button")].map((button) => button.textContent)).toContain("Aflys besigtigelsen");
  });
});
