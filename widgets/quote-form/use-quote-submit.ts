// The quote form's send lifecycle: the browser's check of the values with the shared rules, sending
// once however often the button is pressed (it keeps focus: aria-disabled, not disabled), aborting a send
// still in flight when the form leaves the page, and the outcome (docs/product.md#messages-on-send): field
// errors with focus on the first, or a lasting confirmation inside the form that focus moves to, beside
// the 5000 ms notice; a failure is one message, in the form, that offers the phone (no notice repeats it
// over the form).
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type FieldErrors, QUOTE_RULES, type QuoteField, type QuoteValues, checkQuoteRequest } from "#quote-rules";
import { notify } from "../shared/notices.ts";
import { randomId } from "../shared/random-id.ts";
import type { SiteFacts } from "../shared/site-facts.ts";
import { fillTimeReached } from "./fill-clock.ts";
import { type QuoteBody, type SendResult, sendQuote } from "./send-quote.ts";

/** How long the quote form's notices stay (docs/product.md#business-constants-and-timings: 5000 ms in the form's notice store). */
export const QUOTE_NOTICE_MS = 5_000;

/** What the last attempt left in the form until the next one: sent, kept on the device for later, or failed. */
export type Outcome = { kind: "sent" } | { kind: "kept"; message: string } | { kind: "failed"; message: string } | null;

/**
 * Keeps a request that got no answer (no connection), or the function's "try later" (503), and sends it
 * by itself later, under the same idempotency key; false if it cannot be kept. The firm's pages keep it
 * on the device (send-kept.ts), the partner embed in the page's memory (send-later.ts).
 */
export type Keeper = (key: string, backend: SiteFacts["backend"], body: QuoteBody | FormData) => Promise<boolean>;

/** Why a request was kept: the device is offline, no answer came, or the function said "try later". */
export type KeptReason = "offline" | "noConnection" | "busy";

/** What the form and its notice say when a request is kept for later (docs/product.md#offline). */
export const keptText = (reason: KeptReason, onDevice: boolean) =>
  `${{ offline: "Du er offline.", noConnection: "Vi kunne ikke få forbindelse.", busy: "Vi kan ikke tage imod forespørgsler lige nu." }[reason]} Vi har gemt din forespørgsel ${onDevice ? "på denne enhed" : "her på siden"} og sender den af sig selv${reason === "busy" ? " om lidt" : ", så snart du er online igen"}. Du behøver ikke gøre mere.${onDevice ? "" : " Lad siden være åben."}`;

/**
 * Whether a send's result is worth keeping to send again by itself: no answer at all, or the function's
 * "try later" (503, also from the platform's gateway). The idempotency key makes a second arrival the
 * first one's answer, so it can never be stored twice.
 */
export const worthKeeping = (result: SendResult) => !result.ok && (result.status === undefined || result.status === 503);

export type SubmitOptions = {
  /** The form's id prefix. */
  id: string;
  facts: SiteFacts;
  /** The fields shown (an area page has no location field). */
  fields: readonly QuoteField[];
  /** The fields checked and sent: the quote form's five unless said (the call-back form's name and phone). */
  checked?: readonly QuoteField[];
  values: QuoteValues;
  /** How long the visitor has been filling the form in, in milliseconds. */
  elapsedMs: () => number;
  /** The rest of the request body: page and partner (the call-back form: its `kind` and `when`). */
  extra: () => QuoteBody;
  form: RefObject<HTMLFormElement | null>;
  /**
   * Called once the request was stored: the form clears. A form whose confirmation is not the quote
   * form's 'Besked sendt!' returns its own notice (the booking page's); the embed carries no option for it.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a form with no notice of its own passes a function of nothing (draft.reset)
  onSent: () => { title: string; description: string } | void;
  /** Called after each attempt (the elements' quote-sent / quote-failed events). */
  onResult?: (result: SendResult) => void;
  /** Where a request that got no answer waits for the connection; without it such a request fails. */
  keep?: { keeper: Keeper; onDevice: boolean };
};

/** The failure text of docs/product.md#messages-on-send, used when the server gave no message of its own. */
export const failureText = (phone: string) => `Der opstod en fejl. Prøv igen eller ring til os på ${phone}`;

/** A failure's message that always offers the phone: the server's own where it names it (429, 503, 500), else with it added. */
export const withPhone = (message: string, phone: string) =>
  message.includes(phone) ? message : `${message.replace(/[.\s]*$/, ".")} Prøv igen, eller ring til os på ${phone}.`;

/** State and handlers of one form's submissions. */
export function useQuoteSubmit({
  id,
  facts,
  fields,
  checked: sent,
  values,
  elapsedMs,
  extra,
  form,
  onSent,
  onResult,
  keep,
}: SubmitOptions) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The status line's text; a repeat of the same errors is announced again (the count changes the text).
  const [announcement, setAnnouncement] = useState({ text: "", count: 0 });
  const busy = useRef(false);
  // The content and idempotency key of the last attempt that was not stored (as far as the form knows).
  const lastAttempt = useRef<{ content: string; key: string } | null>(null);
  const focusNext = useRef<string | null>(null);
  // Aborts a send still in flight (or waiting to retry) when the form leaves the page.
  const inFlight = useRef(new AbortController());
  useEffect(() => () => inFlight.current.abort(), []);
  useLayoutEffect(() => {
    // In the commit that shows it, before the visitor can press another key: focus the first invalid
    // field, the confirmation or the error.
    if (!focusNext.current) return;
    form.current?.querySelector<HTMLElement>(`#${focusNext.current}`)?.focus();
    focusNext.current = null;
  });

  const announce = (text: string) => setAnnouncement((previous) => ({ text, count: previous.count + 1 }));
  /** Ends an attempt that was not refused field by field: its outcome in the form, focused, and its notice. */
  const conclude = (shown: NonNullable<Outcome>, notice: Parameters<typeof notify>[0]) => {
    announce("");
    setOutcome(shown);
    focusNext.current = `${id}-${shown.kind}`;
    notify({ ...notice, durationMs: QUOTE_NOTICE_MS });
  };
  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const invalid = fields.filter((field) => fieldErrors[field]?.length);
    announce(`Formularen har ${invalid.length} fejl: ${invalid.map((field) => fieldErrors[field]?.[0]).join(". ")}`);
    if (invalid[0]) focusNext.current = `${id}-${invalid[0]}`;
  };

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (busy.current) return; // a double click sends once
    setOutcome(null);
    const checked = checkQuoteRequest(values, sent);
    if (!checked.ok) return showErrors(checked.errors);
    busy.current = true;
    setSending(true);
    setErrors({});
    announce("Sender...");
    // A person can fill the form faster than the function's minimum (autofill and paste): wait out the
    // rest instead of being refused as a bot.
    const filledFor = await fillTimeReached(elapsedMs, inFlight.current.signal);
    if (filledFor === null) return;
    const content = { ...checked.data, ...extra() };
    const fields = { ...content, elapsedMs: filledFor };
    // Photos picked (thumbnails show, still being scaled: aria-busy, or still in the input when picked
    // before the form woke up): the photo module sends them with the fields as a form.
    const input = form.current?.querySelector<HTMLInputElement>("[type=file]");
    const photos =
      input?.files?.length || input?.getAttribute("aria-busy") || form.current?.querySelector(".quote-thumbs li")
        ? await import("./photos.ts")
        : null;
    const body = (input && (await photos?.formBody(fields, input, QUOTE_RULES.photos))) || fields;
    // The same content sent again (the visitor pressed again after an error, whatever it said) goes
    // under the same key: if the first attempt was stored after all, the function answers with that
    // request instead of storing a second one. Other content, or other photos, get a new key.
    const same = JSON.stringify(content) + photos?.identity(input);
    if (lastAttempt.current?.content !== same) lastAttempt.current = { content: same, key: randomId() };
    const { key } = lastAttempt.current;
    const result = await sendQuote(facts.backend, body, key, { signal: inFlight.current.signal });
    if (inFlight.current.signal.aborted) return;
    // No answer at all (no connection), or the function cannot take it now (503): kept, to go by itself
    // later under the same key; the form clears as after sending.
    if (worthKeeping(result) && keep && (await keep.keeper(key, facts.backend, body))) {
      lastAttempt.current = null;
      busy.current = false;
      setSending(false);
      if (input) photos?.clear(input);
      onSent();
      const reason = !result.ok && result.status === 503 ? "busy" : navigator.onLine === false ? "offline" : "noConnection";
      const message = keptText(reason, keep.onDevice);
      return conclude({ kind: "kept", message }, { title: "Gemt til senere", description: message });
    }
    // Stored, or the key was taken for other content (422): the next attempt gets a new key.
    if (result.ok || result.status === 422) lastAttempt.current = null;
    busy.current = false;
    setSending(false);
    onResult?.(result);
    if (result.ok) {
      if (input) photos?.clear(input);
      return conclude({ kind: "sent" }, { title: "Besked sendt!", description: "Vi kontakter dig hurtigst muligt.", ...onSent() });
    }
    if (result.fieldErrors) return showErrors(result.fieldErrors);
    // The server's own message says why (too fast, too many, unavailable …); without an answer, say so.
    // One message, where the visitor is looking: a notice over the form once said the same again.
    const reason =
      result.message ??
      (result.status === undefined
        ? `Vi kunne ikke få forbindelse. Prøv igen, eller ring til os på ${facts.phone.display}.`
        : failureText(facts.phone.display));
    announce("");
    setOutcome({ kind: "failed", message: withPhone(reason, facts.phone.display) });
    focusNext.current = `${id}-failed`;
  };

  /** Clears a field's error once the visitor changes it. */
  const clearError = (field: QuoteField) => setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  const status = announcement.text + (announcement.count % 2 ? "" : "\u00a0");
  return { errors, sending, outcome, status, onSubmit, clearError };
}
