// The quote form (docs/product.md#widget-states, #quote-form-rules, #messages-on-send): the five fields with the shared schema's rules and
// Danish messages, the sending states, and the notices. Rendered to HTML at build time (a plain form
// that posts to the function without JavaScript) and hydrated in the browser; the partner embed
// renders the same component in a shadow root.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { QUOTE_FIELDS, QUOTE_RULES, type FieldErrors, type QuoteField, type QuoteValues, checkQuoteRequest } from "#quote-rules";
import { Icon } from "../shared/Icon.tsx";
import { notify } from "../shared/notices.ts";
import type { SiteFacts } from "../shared/site-facts.ts";
import { type SendResult, sendQuote } from "./send-quote.ts";

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

const LABELS: Record<QuoteField, string> = {
  name: "Navn",
  phone: "Telefon",
  email: "E-mail",
  location: "Adresse eller by",
  message: "Opgave",
};
const INPUT: Record<Exclude<QuoteField, "message">, [type: string, autoComplete: string]> = {
  name: ["text", "name"],
  phone: ["tel", "tel"],
  email: ["email", "email"],
  location: ["text", "address-level2"],
};
/** How long the quote form's notices stay (docs/product.md#business-constants-and-timings: 5000 ms in the form's notice store). */
export const QUOTE_NOTICE_MS = 5_000;

const storageKey = (props: QuoteFormProps) => `elektriker-quote:${props.page}:${props.id}`;
const blank = (props: QuoteFormProps): QuoteValues => ({
  name: "",
  phone: "",
  email: "",
  message: "",
  ...props.prefill,
  location: props.location ?? props.prefill?.location ?? "",
});

/** What the visitor typed before: the fields as hydrated, else the draft kept in session storage. */
function startingValues(props: QuoteFormProps): QuoteValues {
  const typed = Object.values(props.typed ?? {}).some(Boolean) ? props.typed : undefined;
  let saved: Partial<QuoteValues> | undefined;
  try {
    saved = typed ?? JSON.parse(sessionStorage.getItem(storageKey(props)) ?? "null") ?? undefined;
  } catch {
    // No storage (private mode) or a damaged draft: start empty.
  }
  return { ...blank(props), ...saved, ...(props.location ? { location: props.location } : {}) };
}

/** The quote form component. */
export function QuoteForm(props: QuoteFormProps) {
  const { id, location, facts } = props;
  const [values, setValues] = useState<QuoteValues>(() => blank(props));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  const startedAt = useRef<number | undefined>(undefined);
  // Aborts a send still in flight (or waiting to retry) when the form leaves the page.
  const inFlight = useRef(new AbortController());
  const fields = QUOTE_FIELDS.filter((field) => !(field === "location" && location));
  const site = props.absoluteLinks ? facts.siteUrl : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the form comes to life in the browser
  useEffect(() => {
    // In the browser: the widget shows its own messages instead of the browser's bubbles, and picks
    // up what was typed (the build-time HTML is rendered empty, so hydration matches it).
    setHydrated(true);
    setValues(startingValues(props));
    return () => inFlight.current.abort();
  }, []);

  const save = (next: QuoteValues) => {
    try {
      sessionStorage.setItem(storageKey(props), JSON.stringify(next));
    } catch {
      // Private mode without storage: the form still works, it just forgets on reload.
    }
  };

  const update = (field: QuoteField, value: string) => {
    startedAt.current ??= Date.now();
    const next = { ...values, [field]: value };
    setValues(next);
    save(next);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const invalid = fields.filter((field) => fieldErrors[field]?.length);
    setAnnouncement(`Formularen har ${invalid.length} fejl: ${invalid.map((field) => fieldErrors[field]?.[0]).join(". ")}`);
    if (invalid[0]) formRef.current?.querySelector<HTMLElement>(`#${id}-${invalid[0]}`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return; // a double click sends once
    const checked = checkQuoteRequest(values);
    if (!checked.ok) return showErrors(checked.errors);
    sending.current = true;
    setSubmitting(true);
    setAnnouncement("Sender...");
    const body = { ...checked.data, page: props.page, partnerId: props.partner, startedAt: startedAt.current };
    const result = await sendQuote(facts.backend, body, crypto.randomUUID(), { signal: inFlight.current.signal });
    if (inFlight.current.signal.aborted) return;
    sending.current = false;
    setSubmitting(false);
    props.onResult?.(result);
    if (result.ok) {
      setValues(blank(props));
      setErrors({});
      startedAt.current = undefined;
      sessionStorage.removeItem(storageKey(props));
      setAnnouncement("");
      notify({ title: "Besked sendt!", description: "Vi kontakter dig hurtigst muligt.", durationMs: QUOTE_NOTICE_MS });
      return;
    }
    if (result.fieldErrors) return showErrors(result.fieldErrors);
    console.error("Quote request failed", result.status ?? "network", result.requestId ?? "");
    // docs/product.md#messages-on-send; a refused repeat (429) gets the server's own message, which says why.
    const description =
      result.status === 429 && result.message
        ? result.message
        : `Der opstod en fejl. Prøv igen eller ring til os på ${facts.phone.display}`;
    setAnnouncement("");
    notify({ title: "Fejl", description, variant: "destructive", durationMs: QUOTE_NOTICE_MS });
  };

  return (
    <div className={props.compact ? "quote-card quote-compact" : "quote-card"}>
      <h2 id={`${id}-title`}>{props.heading ?? "Få et gratis tilbud"}</h2>
      <p className="quote-intro">{props.intro ?? "Udfyld formularen, så vender vi tilbage hurtigst muligt."}</p>
      <form
        ref={formRef}
        action={`${facts.backend.url}/functions/v1/${facts.backend.functionName}`}
        method="post"
        noValidate={hydrated}
        aria-labelledby={`${id}-title`}
        onSubmit={onSubmit}
      >
        {fields.map((field) => {
          const rule = QUOTE_RULES[field];
          const fieldErrors = errors[field];
          const common = {
            id: `${id}-${field}`,
            name: field,
            placeholder: rule.placeholder,
            required: true,
            minLength: field === "email" ? undefined : rule.min,
            maxLength: rule.max,
            value: values[field],
            "aria-invalid": fieldErrors?.length ? ("true" as const) : undefined,
            "aria-describedby": fieldErrors?.length ? `${id}-${field}-error` : undefined,
            onChange: (event: { currentTarget: { value: string } }) => update(field, event.currentTarget.value),
          };
          return (
            <label className="field" htmlFor={`${id}-${field}`} key={field}>
              <span>{LABELS[field]}</span>
              {field === "message" ? (
                <textarea {...common} rows={QUOTE_RULES.message.rows} />
              ) : (
                <input {...common} type={INPUT[field][0]} autoComplete={INPUT[field][1]} />
              )}
              {fieldErrors?.length ? (
                <span id={`${id}-${field}-error`} className="field-error">
                  {fieldErrors[0]}
                </span>
              ) : null}
            </label>
          );
        })}
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
