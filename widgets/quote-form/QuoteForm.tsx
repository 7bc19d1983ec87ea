// The quote form (docs/product.md#widget-states, #quote-form-rules, #messages-on-send): the five fields
// with the shared rules and Danish messages, the sending states, and the notices. Rendered to HTML at
// build time (a plain form that posts to the function without JavaScript) and hydrated in the browser;
// the partner embed renders the same component in a shadow root. The draft (use-draft.ts), the send
// (use-quote-submit.ts) and each field (QuoteField.tsx) live beside it.
import { useRef, useState } from "react";
import { type FieldErrors, QUOTE_FIELDS, type QuoteField as Field, type QuoteValues } from "#quote-rules";
import { Icon } from "../shared/Icon.tsx";
import type { SiteFacts } from "../shared/site-facts.ts";
import { QuoteField } from "./QuoteField.tsx";
import type { SendResult } from "./send-quote.ts";
import { useDraft } from "./use-draft.ts";
import { useQuoteSubmit } from "./use-quote-submit.ts";

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
  /** Values to start from and to return to after sending (the embed's `location` attribute). */
  prefill?: Partial<QuoteValues>;
  /** What the visitor typed before the form hydrated (read from the server-rendered fields). */
  typed?: Partial<QuoteValues>;
  /** The page the form is on (sent with the request). */
  page: string;
  partner?: string;
  compact?: boolean;
  /** Links to the firm's site are absolute in the partner embed. */
  absoluteLinks?: boolean;
  /** Called after each attempt. */
  onResult?: (result: SendResult) => void;
};

/** The quote form component. */
export function QuoteForm(props: QuoteFormProps) {
  const { id, location, facts } = props;
  const draft = useDraft({ key: `elektriker-quote:${props.page}:${id}`, location, prefill: props.prefill, typed: props.typed });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [announcement, setAnnouncement] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const fields = QUOTE_FIELDS.filter((field) => !(field === "location" && location));
  const site = props.absoluteLinks ? facts.siteUrl : "";

  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const invalid = fields.filter((field) => fieldErrors[field]?.length);
    setAnnouncement(`Formularen har ${invalid.length} fejl: ${invalid.map((field) => fieldErrors[field]?.[0]).join(". ")}`);
    if (invalid[0]) formRef.current?.querySelector<HTMLElement>(`#${id}-${invalid[0]}`)?.focus();
  };
  const { submitting, onSubmit } = useQuoteSubmit({
    facts,
    page: props.page,
    partner: props.partner,
    values: draft.values,
    elapsedMs: draft.elapsedMs,
    showErrors,
    announce: setAnnouncement,
    onResult: props.onResult,
    onSent: () => {
      draft.reset();
      setErrors({});
    },
  });
  const update = (field: Field, value: string) => {
    draft.set(field, value);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  return (
    <div className={props.compact ? "quote-card quote-compact" : "quote-card"}>
      <h2 id={`${id}-title`}>{props.heading ?? "Få et gratis tilbud"}</h2>
      <p className="quote-intro">{props.intro ?? "Udfyld formularen, så vender vi tilbage hurtigst muligt."}</p>
      <form
        ref={formRef}
        action={`${facts.backend.url}/functions/v1/${facts.backend.functionName}`}
        method="post"
        noValidate={draft.hydrated}
        aria-labelledby={`${id}-title`}
        onSubmit={onSubmit}
      >
        {fields.map((field) => (
          <QuoteField
            key={field}
            formId={id}
            field={field}
            value={draft.values[field]}
            errors={errors[field]}
            onChange={(value) => update(field, value)}
          />
        ))}
        {location ? <input type="hidden" name="location" value={location} /> : null}
        <input type="hidden" name="page" value={props.page} />
        {props.partner ? <input type="hidden" name="partnerId" value={props.partner} /> : null}
        {/* A field only bots fill in, hidden from people and screen readers. */}
        <div className="hidden">
          <label>
            Udfyld ikke dette felt <input name="website" type="text" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button type="submit" className="btn btn-primary quote-submit" disabled={submitting}>
          {submitting ? "Sender..." : "Send forespørgsel"}
        </button>
        <p className="privacy-note">
          Vi bruger kun dine oplysninger til at besvare din forespørgsel og sletter dem igen efter {facts.retentionMonths} måneder. Læs mere
          i vores <a href={`${site}/privatlivspolitik`}>privatlivspolitik</a>.
        </p>
        <p className="sr-only" role="status">
          {announcement}
        </p>
      </form>
      <p className="quote-direct">
        Eller kontakt os direkte:{" "}
        <a href={`tel:${facts.phone.e164}`}>
          <Icon name="phone" className="icon size-4" /> {facts.phone.display}
        </a>{" "}
        <a href={`mailto:${facts.email}`}>
          <Icon name="mail" className="icon size-4" /> {facts.email}
        </a>
      </p>
    </div>
  );
}
