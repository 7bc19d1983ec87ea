// The call-back form in happy-dom, on Preact and on React: the quote form's rules and messages for name
// and phone, a JSON body with its kind, when, page and fill time under an idempotency key, and the
// outcome in Danish. The network is the one boundary faked here (fetch); the browser test sends through
// the real local stack.
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CALLBACK_RULES, QUOTE_RULES } from "#quote-rules";
import { dismissAll } from "../shared/notices.ts";
import { TEST_FACTS } from "../test-facts.ts";
import { act, mount as mountInto, typeInto, unmount } from "../testing.tsx";
import { keepInMemory } from "../quote-form/send-later.ts";
import type { SubmitOptions } from "../quote-form/use-quote-submit.ts";
import { CallbackForm } from "./CallbackForm.tsx";

const FACTS = TEST_FACTS;
const clock = { now: 0 };

let host: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  vi.spyOn(performance, "now").mockImplementation(() => clock.now);
});
afterEach(async () => {
  await unmount(root);
  root = undefined;
  host.remove();
  dismissAll();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mount = async (keep?: SubmitOptions["keep"]) => {
  root = await mountInto(
    host,
    <CallbackForm id="cb" facts={FACTS} hours="mandag–fredag kl. 8.00–17.00" page="/omraader/koge" keep={keep} />,
  );
};
const field = (name: string) => host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const fill = async (name: string, phone: string) => {
  await act(() => typeInto(field("name"), name));
  await act(() => typeInto(field("phone"), phone));
  clock.now += 8_000;
};
const submit = () =>
  act(async () => {
    host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("CallbackForm", () => {
  it("is a plain form for the function: name and phone as the quote form's, when from the rules' list, its kind and page", async () => {
    await mount();
    const form = host.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toContain("/functions/v1/send-contact-email");
    // A url-encoded post: a plain form with nothing but text.
    expect(form.getAttribute("enctype")).toBeNull();
    expect([...form.querySelectorAll("input:not([type=hidden]), select")].map((element) => element.getAttribute("name"))).toEqual([
      "name",
      "phone",
      "when",
      "website",
    ]);
    expect(field("name").placeholder).toBe("");
    expect(field("phone").type).toBe("tel");
    expect(field("phone").minLength).toBe(QUOTE_RULES.phone.min);
    expect([...host.querySelectorAll("option")].map((option) => option.value)).toEqual(CALLBACK_RULES.when.options);
    expect(host.querySelector(`label[for="cb-when"]`)?.textContent).toBe(CALLBACK_RULES.when.label);
    expect(field("kind").value).toBe("callback");
    expect(field("page").value).toBe("/omraader/koge");
    expect(host.textContent).toContain("mandag–fredag kl. 8.00–17.00");
    expect(host.querySelector("button")!.textContent).toBe("Ring mig op");
  });

  it("says in the form what the name and number are for and when they are deleted, linking the privacy page", async () => {
    await mount();
    // The quote form's note (shared/PrivacyNote.tsx), after the button, with the facts' retention.
    const note = host.querySelector("form .privacy-note")!;
    expect(note.textContent).toBe(
      `Vi bruger kun dit navn og nummer til at ringe dig op og sletter dem igen efter ${FACTS.retentionMonths} måneder. Læs mere i vores privatlivspolitik.`,
    );
    expect(note.querySelector("a")?.getAttribute("href")).toBe("/privatlivspolitik");
    expect(host.querySelector("button")!.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the quote form's Danish messages for name and phone and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await mount();
    await fill("J", "1234567");
    await submit();
    expect(host.querySelector("#cb-name-error")?.textContent).toBe(QUOTE_RULES.name.minMessage);
    expect(host.querySelector("#cb-phone-error")?.textContent).toBe(QUOTE_RULES.phone.minMessage);
    expect(document.activeElement?.id).toBe("cb-name");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends JSON with kind, when, page and the fill time under an idempotency key, then thanks in Danish", async () => {
    const fetch = vi.fn(async () => answer(200, { id: "stored" }));
    vi.stubGlobal("fetch", fetch);
    await mount();
    await fill("Jens Hansen", "20 30 40 50");
    const select = host.querySelector("select")!;
    select.value = CALLBACK_RULES.when.options[2];
    await submit();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const body = JSON.parse(init.body as string);
    expect(body).toEqual({
      kind: "callback",
      name: "Jens Hansen",
      phone: "20 30 40 50",
      when: CALLBACK_RULES.when.options[2],
      page: "/omraader/koge",
      elapsedMs: expect.any(Number),
    });
    expect(body.elapsedMs).toBeGreaterThanOrEqual(QUOTE_RULES.minFillMs);
    expect(new Headers(init.headers).get("Idempotency-Key")).toMatch(/^[A-Za-z0-9_.:-]{8,200}$/);
    expect(host.querySelector("#cb-sent")?.textContent).toContain("Tak! Vi ringer dig op.");
    expect(document.activeElement?.id).toBe("cb-sent");
    expect(field("name").value).toBe("");
  });

  it("puts the function's field messages on the fields and keeps the values when it refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        answer(400, { error: "Nogle felter er ikke udfyldt korrekt.", fieldErrors: { phone: [QUOTE_RULES.phone.minMessage] } }),
      ),
    );
    await mount();
    await fill("Jens Hansen", "20 30 40 50");
    await submit();
    await settle();
    expect(host.querySelector("#cb-phone-error")?.textContent).toBe(QUOTE_RULES.phone.minMessage);
    expect(field("phone").value).toBe("20 30 40 50");
  });
});

describe("a call-back without a connection", () => {
  it("is kept as the quote form's requests are, told in Danish, and sent once under the same key when online", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit): Promise<Response> => Promise.reject(new TypeError("Failed to fetch")));
    vi.stubGlobal("fetch", fetch);
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await mount({ keeper: keepInMemory(FACTS), onDevice: false });
    await fill("Jens Hansen", "20 30 40 50");
    await submit();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(host.querySelector("#cb-kept")?.textContent).toContain("Du er offline.");
    expect(field("name").value).toBe("");
    fetch.mockImplementation(async () => answer(200, { id: "later" }));
    onLine.mockReturnValue(true);
    await act(async () => {
      dispatchEvent(new Event("online"));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const keyOf = (call: number) => new Headers(fetch.mock.calls[call][1].headers).get("Idempotency-Key");
    expect(keyOf(1)).toBe(keyOf(0));
    expect(JSON.parse(String(fetch.mock.calls[1][1].body))).toMatchObject({ kind: "callback", name: "Jens Hansen" });
  });
});
