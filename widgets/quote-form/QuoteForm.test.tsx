// The quote form component in happy-dom, on the aliased Preact that ships. The network is the one
// boundary faked here (fetch); the browser tests send through the real local stack.
import { renderToString } from "react-dom/server";
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QUOTE_RULES, type QuoteField } from "#quote-rules";
import { dismissAll, subscribe, type Notice } from "../shared/notices.ts";
import { TEST_FACTS, TEST_REQUEST } from "../test-facts.ts";
import { act, hydrate, mount as mountInto, typeInto, unmount } from "../testing.tsx";
import { QuoteForm, type QuoteFormProps } from "./QuoteForm.tsx";
import { keepInMemory } from "./send-later.ts";
import { sessionDraft } from "./session-draft.ts";

const DRAFT_KEY = "elektriker-quote-form:/kontakt:t";

const FACTS = TEST_FACTS;
const BACKEND = FACTS.backend;
const VALID = TEST_REQUEST;

// The page clock the form measures its fill time with (fill-clock.ts reads performance.now()): the
// tests decide how long a visitor takes. A spy on the page's clock, not a mocked module: the widget
// files share one module graph per worker, where another file may have loaded the real module first.
const clock = { now: 0 };

let host: HTMLElement;
let root: Root | undefined;
let notices: Notice[] = [];
let unsubscribe: () => void;

beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  sessionStorage.clear();
  unsubscribe = subscribe((list) => (notices = list));
  vi.spyOn(performance, "now").mockImplementation(() => clock.now);
});
afterEach(async () => {
  await unmount(root);
  root = undefined;
  host.remove();
  // The notices are the page's, shared by every test: a test's "Fejl" must not reach the next one.
  dismissAll();
  unsubscribe();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mount = async (props: Partial<QuoteFormProps> = {}) => {
  root = await mountInto(host, <QuoteForm id="t" facts={FACTS} page="/kontakt" {...props} />);
};
const field = (name: string) => host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = async (name: string, value: string) => {
  await act(() => typeInto(field(name), value));
};
/** Fills the form as a person does: the fields one by one, taking 8 s in all (unless `quickly`). */
const fillValid = async (values: Record<string, string> = VALID, { quickly = false } = {}) => {
  for (const [name, value] of Object.entries(values)) if (host.querySelector(`#t-${name}`)) await type(name, value);
  if (!quickly) clock.now += 8_000;
};
const submit = async () => {
  await act(async () => {
    host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const errorOf = (name: string) => host.querySelector(`#t-${name}-error`)?.textContent;
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("QuoteForm", () => {
  it("renders the five fields with the spec's types and limits, and a placeholder only where it helps", async () => {
    await mount();
    expect(field("phone").type).toBe("tel");
    expect(field("email").type).toBe("email");
    // "Dit navn" under "Navn", "Telefonnummer" under "Telefonnummer", "Email adresse" under "E-mail": a
    // placeholder that only says the label again goes.
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/-/g, "")
        .match(/\p{L}+/gu) ?? [];
    for (const name of ["name", "phone", "email", "location", "message"]) {
      const input = name === "message" ? host.querySelector("textarea")! : field(name);
      const label = host.querySelector(`label[for="${input.id}"]`)!.textContent!;
      const labelWords: string[] = words(label);
      const again = words(input.placeholder).filter((word) => labelWords.includes(word));
      expect(again, `${name}: "${input.placeholder}"`).toEqual([]);
    }
    expect(field("location").placeholder).toBe(QUOTE_RULES.location.placeholder);
    const message = host.querySelector("textarea")!;
    expect(message.getAttribute("rows")).toBe("4");
    expect(field("name").maxLength).toBe(100);
    expect(host.querySelector("button")!.textContent).toBe("Send forespørgsel");
  });

  it("hides the location on an area page and sends the city instead", async () => {
    await mount({ location: "Faxe" });
    expect(host.querySelector("#t-location")).toBeNull();
    expect(field("location").type).toBe("hidden");
    expect(field("location").value).toBe("Faxe");
  });

  const RULES: [string, string, string][] = [
    ["name", "J", QUOTE_RULES.name.minMessage],
    ["name", "J".repeat(101), QUOTE_RULES.name.maxMessage],
    ["phone", "1234567", QUOTE_RULES.phone.minMessage],
    ["phone", "1".repeat(21), QUOTE_RULES.phone.maxMessage],
    ["email", "jens@", QUOTE_RULES.email.minMessage],
    ["location", "K", QUOTE_RULES.location.minMessage],
    ["location", "K".repeat(201), QUOTE_RULES.location.maxMessage],
    ["message", "For kort", QUOTE_RULES.message.minMessage],
    ["message", "x".repeat(1001), QUOTE_RULES.message.maxMessage],
  ];
  for (const [name, value, message] of RULES) {
    it(`shows "${message}" beside ${name}, linked and marked invalid, and sends nothing`, async () => {
      const fetch = vi.fn();
      vi.stubGlobal("fetch", fetch);
      await mount();
      await fillValid({ ...VALID, [name]: value });
      await submit();
      expect(errorOf(name)).toBe(message);
      expect(field(name).getAttribute("aria-invalid")).toBe("true");
      // The error is the field's description, never part of its name.
      expect(field(name).getAttribute("aria-describedby")!.split(" ")).toContain(`t-${name}-error`);
      expect(host.querySelector(`label[for="t-${name}"]`)!.textContent).toBe(QUOTE_RULES[name as QuoteField].label);
      expect(field(name).closest("label")).toBeNull();
      expect(document.activeElement).toBe(field(name));
      expect(host.querySelector('[role="status"]')!.textContent).toContain(message);
      expect(fetch).not.toHaveBeenCalled();
    });
  }

  it("waits out the minimum fill time for a quick person instead of refusing them, and sends the page-measured time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { id: "quick" }));
      vi.stubGlobal("fetch", fetch);
      await mount();
      await fillValid(VALID, { quickly: true }); // autofill and paste: well under 3 s
      clock.now += 1_200;
      await act(async () => {
        host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      });
      await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
      expect(fetch).not.toHaveBeenCalled();
      expect(host.querySelector("button")!.textContent).toBe("Sender...");
      // The page's clock and its timers move on together while the form waits.
      clock.now += QUOTE_RULES.minFillMs;
      await act(async () => void (await vi.advanceTimersByTimeAsync(QUOTE_RULES.minFillMs)));
      expect(fetch).toHaveBeenCalledTimes(1);
      const body = JSON.parse(String(fetch.mock.calls[0][1].body));
      expect(body.elapsedMs).toBeGreaterThanOrEqual(QUOTE_RULES.minFillMs);
      expect(body).not.toHaveProperty("startedAt");
      expect(notices.map((notice) => notice.title)).toContain("Besked sendt!");
      expect(notices.map((notice) => notice.title)).not.toContain("Fejl");
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends only once the page's clock says the minimum has passed, when the wait's timer fires early", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { id: "early-timer" }));
      vi.stubGlobal("fetch", fetch);
      await mount();
      await fillValid(VALID, { quickly: true });
      clock.now += 1_200;
      await act(async () => {
        host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      });
      // Firefox: the timer for the rest fires when performance.now() still reads a millisecond short.
      const rest = QUOTE_RULES.minFillMs - 1_200;
      clock.now += rest - 1;
      await act(async () => void (await vi.advanceTimersByTimeAsync(rest)));
      expect(fetch).not.toHaveBeenCalled();
      clock.now += 1;
      await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(fetch.mock.calls[0][1].body)).elapsedMs).toBe(QUOTE_RULES.minFillMs);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends at most the rules' maximum fill time, for a form left open for days", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { id: "slow" }));
    vi.stubGlobal("fetch", fetch);
    await mount();
    await fillValid();
    clock.now += 3 * QUOTE_RULES.maxFillMs;
    await submit();
    await settle();
    expect(JSON.parse(String(fetch.mock.calls[0][1].body)).elapsedMs).toBe(QUOTE_RULES.maxFillMs);
  });

  it("sends the same content again under the same idempotency key after a failure, and other content under a new one", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(503, { error: "Vi kan ikke modtage forespørgsler lige nu." }));
    vi.stubGlobal("fetch", fetch);
    const keyOf = (call: number) => new Headers(fetch.mock.calls[call][1].headers).get("Idempotency-Key");
    await mount();
    await fillValid();
    await submit();
    await settle();
    await submit();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
    await type("message", " og nye stikkontakter");
    await submit();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(keyOf(2)).not.toBe(keyOf(0));
    // Once stored, the same content is a new request: the next one gets a new key.
    fetch.mockImplementation(async () => answer(200, { id: "stored" }));
    await submit();
    await settle();
    await fillValid({ ...VALID, message: `${VALID.message} og nye stikkontakter` });
    await submit();
    await settle();
    expect(keyOf(4)).not.toBe(keyOf(3));
  });

  it("sends from a plain-http page too, where crypto.randomUUID does not exist", async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      expect(new Headers(init.headers).get("Idempotency-Key")).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      return answer(200, { id: "insecure-ok" });
    });
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("crypto", { getRandomValues: crypto.getRandomValues.bind(crypto) });
    await mount();
    await fillValid();
    await submit();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(notices.map((notice) => notice.title)).toContain("Besked sendt!");
    expect(field("name").value).toBe("");
  });

  it("sends once, shows 'Sender...' while sending, then the success notice and an empty form", async () => {
    let release: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetch);
    const onResult = vi.fn();
    await mount({ onResult, partner: "elportalen" });
    await fillValid();
    await submit();
    await submit(); // a double click
    const button = host.querySelector("button")!;
    // aria-disabled, not disabled: the button keeps keyboard focus while sending.
    expect(button.disabled).toBe(false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.textContent).toBe("Sender...");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${BACKEND.url}/functions/v1/send-contact-email`);
    expect(JSON.parse(init.body as string)).toMatchObject({ ...VALID, page: "/kontakt", partnerId: "elportalen" });
    await act(async () => {
      release(answer(200, { id: "abc" }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await settle();
    expect(onResult).toHaveBeenCalledWith({ ok: true, id: "abc" });
    expect(notices.at(-1)).toMatchObject({
      title: "Besked sendt!",
      description: "Vi kontakter dig hurtigst muligt.",
      variant: "default",
      durationMs: 5000,
    });
    expect(field("name").value).toBe("");
    expect(button.textContent).toBe("Send forespørgsel");
    // A lasting confirmation above the fields, after the 5000 ms notice is gone.
    const sent = host.querySelector("#t-sent")!;
    expect(sent.textContent).toContain("Haster det? Ring på 12 34 56 78");
    expect(sent.querySelector("a")!.getAttribute("href")).toBe("tel:+4512345678");
    expect(document.activeElement).toBe(sent);
  });

  // A failed send once showed the error in the form and again as a notice over it.
  it("shows the server's own message once, in a lasting alert beside the button, keeping every value", async () => {
    const internal = "Der opstod en fejl. Prøv igen, eller ring til os på 12 34 56 78.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(500, { error: internal, requestId: "r" })),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    await mount();
    await fillValid();
    await submit();
    await settle();
    expect(notices).toEqual([]);
    for (const [name, value] of Object.entries(VALID)) expect(field(name).value).toBe(value);
    expect(host.querySelectorAll('[role="alert"]')).toHaveLength(1);
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(internal);
    expect(alert.querySelector('a[href="tel:+4512345678"]')!.textContent).toBe("12 34 56 78");
    expect(document.activeElement).toBe(alert);
    // It stays until the next attempt, which clears it.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    await submit();
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it("says that the request never arrived when the network fails, once, with the phone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await mount();
    await fillValid();
    await act(async () => void host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true })));
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    vi.useRealTimers();
    expect(host.querySelector('[role="alert"]')!.textContent).toContain(
      "Vi kunne ikke få forbindelse. Prøv igen, eller ring til os på 12 34 56 78",
    );
    expect(notices).toEqual([]);
  });

  it("states up front that every field is required, and keeps the hints under phone and e-mail while typing", async () => {
    await mount();
    expect(host.querySelector(".quote-required")!.textContent).toBe("Alle felter undtagen billeder skal udfyldes.");
    await type("phone", "12ab");
    for (const name of ["phone", "email"]) {
      const hint = host.querySelector(`#t-${name}-hint`)!;
      expect(hint.textContent).toBe(QUOTE_RULES[name as "phone" | "email"].hint);
      expect(field(name).getAttribute("aria-describedby")).toContain(`t-${name}-hint`);
    }
  });

  it("announces the same errors again on a second submit", async () => {
    await mount();
    await type("name", "J");
    await submit();
    const status = host.querySelector('[role="status"]')!;
    const first = status.textContent;
    expect(first).toContain(QUOTE_RULES.name.minMessage);
    await submit();
    expect(status.textContent).toContain(QUOTE_RULES.name.minMessage);
    expect(status.textContent).not.toBe(first);
  });

  it("puts the server's field messages on the fields when it answers 400", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(400, { error: "x", fieldErrors: { email: ["Indtast en gyldig email"] } })),
    );
    await mount();
    await fillValid();
    await submit();
    await settle();
    expect(errorOf("email")).toBe("Indtast en gyldig email");
    expect(document.activeElement).toBe(field("email"));
  });

  it("retries a network failure after 1, 2 and 4 s with the same idempotency key, then gives up (fake timers)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(console, "error").mockImplementation(() => {});
    await mount();
    await fillValid();
    await act(async () => {
      host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    await tick(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const [wait, calls] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await tick(wait - 1);
      expect(fetch).toHaveBeenCalledTimes(calls - 1); // docs/product.md#business-constants-and-timings: 1 s, doubling
      await tick(1);
      expect(fetch).toHaveBeenCalledTimes(calls);
    }
    await tick(60_000);
    expect(fetch).toHaveBeenCalledTimes(4); // at most 3 retries
    const keys = fetch.mock.calls.map((call) => new Headers((call as unknown as [string, RequestInit])[1].headers).get("Idempotency-Key"));
    expect(new Set(keys).size).toBe(1);
    expect(host.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(notices).toEqual([]);
    vi.useRealTimers();
  });

  it("shows the server's own message when it refuses a repeat (429)", async () => {
    const limited = "Vi har modtaget flere forespørgsler fra dig på kort tid. Prøv igen senere, eller ring til os på 12 34 56 78.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(429, { error: limited, requestId: "r" })),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onResult = vi.fn();
    await mount({ onResult });
    await fillValid();
    await submit();
    await settle();
    expect(host.querySelector('[role="alert"]')!.textContent).toContain(limited);
    expect(notices).toEqual([]);
    expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ ok: false, status: 429, requestId: "r" }));
  });

  it("keeps what the visitor typed before and while the form hydrated, and fills only the empty fields from the draft", async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...VALID, name: "Gammelt navn", phone: "87654321" }));
    host.innerHTML = renderToString(<QuoteForm id="t" facts={FACTS} page="/kontakt" draft={sessionDraft(DRAFT_KEY)} />);
    field("name").value = "Jens";
    field("email").value = "jens@eksempel.dk";
    root = await hydrate(host, <QuoteForm id="t" facts={FACTS} page="/kontakt" draft={sessionDraft(DRAFT_KEY)} />);
    await settle();
    expect(field("name").value).toBe("Jens");
    expect(field("email").value).toBe("jens@eksempel.dk");
    expect(field("phone").value).toBe("87654321");
    expect(host.querySelector("textarea")!.value).toBe(VALID.message);
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({ name: "Jens", phone: "87654321" });
  });

  it("starts from a suggested location the visitor can change (the embed's attribute), and returns to it after sending", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { id: "x" })),
    );
    await mount({ prefill: "Køge" });
    expect(field("location").type).toBe("text");
    expect(field("location").value).toBe("Køge");
    await fillValid({ ...VALID, location: "Herfølge" });
    await submit();
    await settle();
    expect(field("location").value).toBe("Køge");
    expect(field("name").value).toBe("");
  });

  it("keeps what was typed across a reload, and forgets it once sent", async () => {
    const draft = { draft: sessionDraft(DRAFT_KEY) };
    await mount(draft);
    await type("name", "Jens");
    await unmount(root);
    await mount(draft);
    expect(field("name").value).toBe("Jens");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { id: "x" })),
    );
    await fillValid();
    await submit();
    await settle();
    await unmount(root);
    await mount(draft);
    expect(field("name").value).toBe("");
  });

  // A reload or a link followed right after a keystroke once lost it: the draft was written after the
  // next frame (an effect), and the page could be gone by then.
  it("keeps the last keystroke in the draft before the browser draws the next frame", async () => {
    await mount({ draft: sessionDraft(DRAFT_KEY) });
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    typeInto(field("name"), "Jens!");
    for (let tries = 0; tries < 10 && !sessionStorage.getItem(DRAFT_KEY); tries++) await Promise.resolve();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}")).toMatchObject({ name: "Jens!" });
  });

  it("keeps no draft where it is given nowhere to keep one (the partner embed)", async () => {
    await mount();
    await type("name", "Jens");
    expect(sessionStorage.length).toBe(0);
    await unmount(root);
    await mount();
    expect(field("name").value).toBe("");
  });
});

describe("a request without a connection", () => {
  const online = (value: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(value);
  const noConnection = () => Promise.reject(new TypeError("Failed to fetch"));

  it("is kept and told in Danish, then sent by itself under the same key when the connection returns, once", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit): Promise<Response> => noConnection());
    vi.stubGlobal("fetch", fetch);
    const onLine = online(false);
    await mount({ keep: { keeper: keepInMemory(FACTS), onDevice: false } });
    await fillValid();
    await submit();
    await settle();
    // Offline as far as the browser knows: one attempt, no retries waited out.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(host.querySelector('[role="status"].quote-sent')?.textContent).toContain(
      "Du er offline. Vi har gemt din forespørgsel her på siden og sender den af sig selv, så snart du er online igen. Du behøver ikke gøre mere.",
    );
    expect(notices.map((notice) => notice.title)).toEqual(["Gemt til senere"]);
    expect(field("name").value).toBe("");
    fetch.mockImplementation(async () => answer(200, { id: "later" }));
    onLine.mockReturnValue(true);
    await act(async () => {
      dispatchEvent(new Event("online"));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await vi.waitFor(() => expect(notices.map((notice) => notice.title)).toContain("Din forespørgsel er sendt"));
    expect(fetch).toHaveBeenCalledTimes(2);
    const keyOf = (call: number) => new Headers(fetch.mock.calls[call][1].headers).get("Idempotency-Key");
    expect(keyOf(1)).toBe(keyOf(0));
    expect(JSON.parse(String(fetch.mock.calls[1][1].body))).toEqual(JSON.parse(String(fetch.mock.calls[0][1].body)));
    // Sent: the next `online` sends nothing more.
    await act(async () => {
      dispatchEvent(new Event("online"));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("keeps a request the function answers 503 (try later) and sends it by itself under the same key", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(503, { error: "Vi kan ikke modtage forespørgsler lige nu." }));
    vi.stubGlobal("fetch", fetch);
    online(true);
    await mount({ keep: { keeper: keepInMemory(FACTS), onDevice: false } });
    await fillValid();
    await submit();
    await settle();
    expect(host.querySelector('[role="status"].quote-sent')?.textContent).toContain(
      "Vi kan ikke tage imod forespørgsler lige nu. Vi har gemt din forespørgsel her på siden og sender den af sig selv om lidt. Du behøver ikke gøre mere. Lad siden være åben.",
    );
    expect(notices.map((notice) => notice.title)).toEqual(["Gemt til senere"]);
    expect(field("name").value).toBe("");
    fetch.mockImplementation(async () => answer(200, { id: "later" }));
    await act(async () => {
      dispatchEvent(new Event("online"));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await vi.waitFor(() => expect(notices.map((notice) => notice.title)).toContain("Din forespørgsel er sendt"));
    expect(fetch).toHaveBeenCalledTimes(2);
    const keyOf = (call: number) => new Headers(fetch.mock.calls[call][1].headers).get("Idempotency-Key");
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it("keeps today's error for the function's other refusals: a 500 or a 429 is not kept", async () => {
    for (const status of [500, 429]) {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => answer(status, { error: "Der opstod en fejl." })),
      );
      const keeper = vi.fn(async () => true);
      await mount({ keep: { keeper, onDevice: true } });
      await fillValid();
      await submit();
      await settle();
      expect(keeper).not.toHaveBeenCalled();
      // One message, with the phone added where the server's own names none.
      expect(host.querySelector('[role="alert"]')!.textContent).toContain(
        "Der opstod en fejl. Prøv igen, eller ring til os på 12 34 56 78.",
      );
      expect(notices).toEqual([]);
      await unmount(root);
    }
  });
});
