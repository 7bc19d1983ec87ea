// The quote form (docs/product.md#widget-states, #quote-form-rules, #messages-on-send): the five fields
// with the shared rules and Danish messages, the sending states, the lasting confirmation or error, and
// the notices. Rendered to HTML at build time (a plain form that posts to the function without
// JavaScript) and hydrated in the browser; the partner embed renders the same component in a shadow root.
// The draft (use-draft.ts), the send (use-quote-submit.ts) and each field (QuoteField.tsx) live beside it.
import { useRef } from "react";
import { QUOTE_FIELDS, type QuoteField as Field } from "#quote-rules";
import { mail, phone } from "../shared/icons.json";
import { Icon } from "../shared/Icon.tsx";
import { PrivacyNote } from "../shared/PrivacyNote.tsx";
import type { SiteFacts } from "../shared/site-facts.ts";
import { FailedNote, Honeypot, KeptNote, SendStatus } from "./form-parts.tsx";
import { QuoteFields } from "./QuoteField.tsx";
import { PhotoField } from "./PhotoField.tsx";
import type { SendResult } from "./send-quote.ts";
import type { DraftStore } from "./session-draft.ts";
import { useDraft } from "./use-draft.ts";
import { type SubmitOptions, useQuoteSubmit } from "./use-quote-submit.ts";

export { QUOTE_NOTICE_MS } from "./use-quote-submit.ts";

export type QuoteFormProps = {
  /** Prefix of element ids, unique on the page. */
  id: string;
  /** The firm: backend, phone, e-mail, site URL, retention (site/_data/business.yaml). */
  facts: SiteFacts;
  heading?: string;
  intro?: string;
  /** An area page's city: sent as the location, with no location field shown. */
  location?: string;
  /** A location to start from and to return to after sending, which the visitor can change (the embed's attribute). */
  prefill?: string;
  /** The page the form is on (sent with the request). */
  page: string;
  /** Where the form keeps its draft (session-draft.ts); none in the partner embed. */
  draft?: DraftStore;
  partner?: string;
  compact?: boolean;
  /** Links to the firm's site are absolute in the partner embed. */
  absoluteLinks?: boolean;
  /** Called after each attempt. */
  onResult?: (result: SendResult) => void;
  /** Where a request that got no answer waits for the connection (use-quote-submit.ts). */
  keep?: SubmitOptions["keep"];
};

/** The quote form component. */
export function QuoteForm(props: QuoteFormProps) {
  const { id, location, facts } = props;
  const form = useRef<HTMLFormElement>(null);
  const fields = QUOTE_FIELDS.filter((field) => !(field === "location" && location));
  const draft = useDraft({ store: props.draft, location, prefill: props.prefill, form });
  const submit = useQuoteSubmit({
    id,
    facts,
    fields,
    values: draft.values,
    elapsedMs: draft.elapsedMs,
    extra: () => ({ page: props.page, partnerId: props.partner }),
    form,
    onSent: draft.reset,
    onResult: props.onResult,
    keep: props.keep,
  });
  const update = (field: Field, value: string) => {
    draft.set(field, value);
    submit.clearError(field);
  };

  const { outcome } = submit;
  return (
    <div className={props.compact ? "quote-card quote-compact" : "quote-card"}>
      <h2 id={`${id}-title`}>{props.heading ?? "Få et gratis tilbud"}</h2>
      <p className="quote-intro">{props.intro ?? "Udfyld formularen, så vender vi tilbage hurtigst muligt."}</p>
      <form
        ref={form}
        action={`${facts.backend.url}/functions/v1/${facts.backend.functionName}?forceFunctionRegion=${facts.backend.region}`}
        method="post"
        encType="multipart/form-data"
        noValidate={draft.hydrated}
        aria-labelledby={`${id}-title`}
        onSubmit={submit.onSubmit}
      >
        {outcome?.kind === "sent" ? (
          <p id={`${id}-sent`} className="quote-sent" tabIndex={-1}>
            <strong>Besked sendt!</strong> Vi kontakter dig hurtigst muligt. Haster det? Ring på{" "}
            <a href={`tel:${facts.phone.e164}`}>{facts.phone.display}</a>.
          </p>
        ) : null}
        <KeptNote id={id} outcome={outcome} />
        <p className="quote-required">Alle felter undtagen billeder skal udfyldes.</p>
        <QuoteFields formId={id} fields={fields} values={draft.values} errors={submit.errors} onChange={update} />
        <PhotoField formId={id} />
        {location ? <input type="hidden" name="location" value={location} /> : null}
        <input type="hidden" name="page" value={props.page} />
        {props.partner ? <input type="hidden" name="partnerId" value={props.partner} /> : null}
        <Honeypot />
        {/* aria-disabled, not disabled, while sending: the button keeps focus, and a repeat click is ignored. */}
        <button type="submit" className="btn btn-primary quote-submit" aria-disabled={submit.sending ? "true" : undefined}>
          {submit.sending ? "Sender..." : "Send forespørgsel"}
        </button>
        <FailedNote id={id} outcome={outcome} phone={facts.phone} />
        <PrivacyNote
          facts={facts}
          use="dine oplysninger til at besvare din forespørgsel"
          more="Billeder gemmes kun, til de er mailet til os."
          absoluteLinks={props.absoluteLinks}
        />
        <SendStatus status={submit.status} />
      </form>
      <p className="quote-direct">
        Eller kontakt os direkte:{" "}
        <a href={`tel:${facts.phone.e164}`}>
          <Icon shape={phone} className="icon size-4" /> {facts.phone.display}
        </a>{" "}
        <a href={`mailto:${facts.email}`}>
          <Icon shape={mail} className="icon size-4" /> {facts.email}
        </a>
      </p>
    </div>
  );
}
