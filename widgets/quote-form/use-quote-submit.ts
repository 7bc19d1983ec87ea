// The quote form's send lifecycle: check the values with the shared rules, send once however often the
// button is pressed, abort a send still in flight when the form leaves the page, and turn the answer
// into what the visitor sees (docs/product.md#messages-on-send): the notices, or the server's field
// messages back on the fields.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type FieldErrors, QUOTE_RULES, type QuoteValues, checkQuoteRequest } from "#quote-rules";
import { notify } from "../shared/notices.ts";
import { randomId } from "../shared/random-id.ts";
import type { SiteFacts } from "../shared/site-facts.ts";
import { type SendResult, sendQuote } from "./send-quote.ts";

/** How long the quote form's notices stay (docs/product.md#business-constants-and-timings: 5000 ms in the form's notice store). */
export const QUOTE_NOTICE_MS = 5_000;

export type SubmitOptions = {
  facts: SiteFacts;
  page: string;
  partner?: string;
  values: QuoteValues;
  /** How long the visitor has been filling the form in, in milliseconds. */
  elapsedMs: () => number;
  /** Shows field errors (from the browser's check or the server's 400). */
  showErrors: (errors: FieldErrors) => void;
  /** Called once the request was stored: the form clears. */
  onSent: () => void;
  /** Tells screen readers what is happening ("Sender..."). */
  announce: (text: string) => void;
  /** Called after each attempt (the elements' quote-sent / quote-failed events). */
  onResult?: (result: SendResult) => void;
};

/** `submitting`, and the form's submit handler. */
export function useQuoteSubmit(options: SubmitOptions) {
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const inFlight = useRef(new AbortController());
  useEffect(() => () => inFlight.current.abort(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return; // a double click sends once
    const checked = checkQuoteRequest(options.values);
    if (!checked.ok) return options.showErrors(checked.errors);
    sending.current = true;
    setSubmitting(true);
    options.announce("Sender...");
    // A person can fill the form faster than the function's minimum (autofill and paste): wait out the
    // rest instead of being refused as a bot.
    const early = QUOTE_RULES.minFillMs - options.elapsedMs();
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    if (inFlight.current.signal.aborted) return;
    const body = { ...checked.data, page: options.page, partnerId: options.partner, elapsedMs: options.elapsedMs() };
    const result = await sendQuote(options.facts.backend, body, randomId(), { signal: inFlight.current.signal });
    if (inFlight.current.signal.aborted) return;
    sending.current = false;
    setSubmitting(false);
    options.onResult?.(result);
    if (result.ok) {
      options.onSent();
      options.announce("");
      notify({ title: "Besked sendt!", description: "Vi kontakter dig hurtigst muligt.", durationMs: QUOTE_NOTICE_MS });
      return;
    }
    if (result.fieldErrors) return options.showErrors(result.fieldErrors);
    console.error("Quote request failed", result.status ?? "network", result.requestId ?? "");
    // A refused repeat (429) gets the server's own message, which says why.
    const description =
      result.status === 429 && result.message
        ? result.message
        : `Der opstod en fejl. Prøv igen eller ring til os på ${options.facts.phone.display}`;
    options.announce("");
    notify({ title: "Fejl", description, variant: "destructive", durationMs: QUOTE_NOTICE_MS });
  };

  return { submitting, onSubmit };
}
