// The call-back form, 'Ring mig op' (docs/product.md#call-back-form): the quote form's name and phone
// fields, with their rules and Danish messages, and an optional choice of when to call. Rendered at build
// time as a plain form that posts to the function without JavaScript; hydrated, it sends through the
// quote form's own path (use-quote-submit.ts, send-quote.ts) with `kind: "callback"`, so the fill time,
// the idempotency key and the retries are the quote form's.
import { useRef } from "react";
import { CALLBACK_FIELDS, CALLBACK_RULES, type QuoteField as Field } from "#quote-rules";
import { PrivacyNote } from "../shared/PrivacyNote.tsx";
import type { SiteFacts } from "../shared/site-facts.ts";
import { FailedNote, Honeypot, KeptNote, SendStatus } from "../quote-form/form-parts.tsx";
import { QuoteFields } from "../quote-form/QuoteField.tsx";
import type { SendResult } from "../quote-form/send-quote.ts";
import { useDraft } from "../quote-form/use-draft.ts";
import { type SubmitOptions, useQuoteSubmit } from "../quote-form/use-quote-submit.ts";

export type CallbackFormProps = {
  /** Prefix of element ids, unique on the page. */
  id: string;
  /** The firm: backend, phone and retention (site/_data/business.yaml). */
  facts: SiteFacts;
  /** The phone hours as the pages print them ('mandag–fredag kl. 8.00–17.00'). */
  hours: string;
  /** The page the form is on (sent with the request). */
  page: string;
  /** Called after each attempt. */
  onResult?: (result: SendResult) => void;
  /** Where a request that could not leave the device is kept until it can (the quote form's keeping). */
  keep?: SubmitOptions["keep"];
};

/** The call-back form component. */
export function CallbackForm({ id, facts, hours, page, onResult, keep }: CallbackFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const draft = useDraft({ form });
  // The choice of when stays the browser's own (a select needs no state): read when sending.
  const when = () => (form.current?.elements.namedItem("when") as HTMLSelectElement | null)?.value ?? "";
  const submit = useQuoteSubmit({
    id,
    facts,
    fields: CALLBACK_FIELDS,
    checked: CALLBACK_FIELDS,
    values: draft.values,
    elapsedMs: draft.elapsedMs,
    extra: () => ({ kind: "callback", when: when(), page }),
    form,
    onSent: draft.reset,
    onResult,
    keep,
  });
  const update = (field: Field, value: string) => {
    draft.set(field, value);
    submit.clearError(field);
  };
  const { outcome } = submit;
  return (
    <div className="quote-card callback-card">
      <h2 id={`${id}-title`}>Ring mig op</h2>
      <p className="quote-intro">Vil du hellere tale med os? Skriv dit navn og nummer, så ringer vi dig op i telefontiden, {hours}.</p>
      <form
        ref={form}
        action={`${facts.backend.url}/functions/v1/${facts.backend.functionName}?forceFunctionRegion=${facts.backend.region}`}
        method="post"
        noValidate={draft.hydrated}
        aria-labelledby={`${id}-title`}
        onSubmit={submit.onSubmit}
      >
        {outcome?.kind === "sent" ? (
          <p id={`${id}-sent`} className="quote-sent" tabIndex={-1}>
            <strong>Tak! Vi ringer dig op.</strong> Haster det? Ring på <a href={`tel:${facts.phone.e164}`}>{facts.phone.display}</a>.
          </p>
        ) : null}
        <KeptNote id={id} outcome={outcome} />
        <div className="callback-fields">
          <QuoteFields formId={id} fields={CALLBACK_FIELDS} values={draft.values} errors={submit.errors} onChange={update} />
          <div className="field callback-when">
            <label htmlFor={`${id}-when`}>{CALLBACK_RULES.when.label}</label>
            <select id={`${id}-when`} name="when">
              {CALLBACK_RULES.when.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        </div>
        <input type="hidden" name="kind" value="callback" />
        <input type="hidden" name="page" value={page} />
        <Honeypot />
        <button type="submit" className="btn btn-primary callback-submit" aria-disabled={submit.sending ? "true" : undefined}>
          {submit.sending ? "Sender..." : "Ring mig op"}
        </button>
        <FailedNote id={id} outcome={outcome} phone={facts.phone} />
        <PrivacyNote facts={facts} use="dit navn og nummer til at ringe dig op" />
        <SendStatus status={submit.status} />
      </form>
    </div>
  );
}
