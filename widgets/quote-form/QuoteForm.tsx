// The quote form (SPEC.md sections 4, 5 and 8): the five fields with the shared schema's rules and
// Danish messages, the sending states, and the notices. Rendered to HTML at build time (it is a plain
// form that posts to the function without JavaScript) and hydrated in the browser.
import { useEffect, useRef, useState } from "react";
import {
  QUOTE_FIELDS,
  QUOTE_RULES,
  type FieldErrors,
  type QuoteField,
  validateQuoteRequest,
} from "../../supabase/functions/_shared/quote-request.ts";
import { notify } from "../shared/notices.ts";
import { type Backend, type SendResult, sendQuote } from "./send-quote.ts";

export type QuoteFormProps = {
  /** Prefix of element ids, unique on the page. */
  id: string;
  backend: Backend;
  phone: { display: string; e164: string };
  email: string;
  heading?: string;
  intro?: string;
  /** An area page's city: sent as the location, with no location field shown. */
  location?: string;
  /** The path of the page the form is on (sent with the request). */
  page: string;
  partner?: string;
  compact?: boolean;
  /** The site's origin for links (empty on the firm's own pages; the partner embed sets it). */
  siteUrl?: string;
  /** How many months a request is kept (site/_data/business.yaml, privacy). */
  retentionMonths?: number;
  /** Called after each attempt, with the request id on success. */
  onResult?: (result: SendResult) => void;
  /** How long to wait between network retries (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
};

type Values = Record<QuoteField, string>;

const LABELS: Record<QuoteField, string> = { name: "Navn", phone: "Telefon", email: "E-mail", location: "Adresse eller by", message: "Opgave" };
const INPUT: Record<Exclude<QuoteField, "message">, { type: string; autoComplete: string }> = {
  name: { type: "text", autoComplete: "name" },
  phone: { type: "tel", autoComplete: "tel" },
  email: { type: "email", autoComplete: "email" },
  location: { type: "text", autoComplete: "address-level2" },
};
/** How long the quote form's notices stay (SPEC.md section 9: 5000 ms in the form's notice store). */
export const QUOTE_NOTICE_MS = 5_000;

const empty = (location = ""): Values => ({ name: "", phone: "", email: "", location, message: "" });
const storageKey = (props: QuoteFormProps) => `elektriker-quote:${props.page}:${props.id}`;

function readDraft(props: QuoteFormProps): Values | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(props)) ?? "null");
    return saved ? { ...empty(props.location), ...saved, ...(props.location ? { location: props.location } : {}) } : null;
  } catch {
    return null;
  }
}

/** The quote form component. */
export function QuoteForm(props: QuoteFormProps) {
  const { id, location } = props;
  const [values, setValues] = useState<Values>(() => empty(location));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  const startedAt = useRef<number | undefined>(undefined);
  const fields = QUOTE_FIELDS.filter((field) => !(field === "location" && location));

  useEffect(() => {
    // Hydrated: the widget shows its own messages instead of the browser's bubbles.
    if (formRef.current) formRef.current.noValidate = true;
    const draft = readDraft(props);
    if (draft) setValues(draft);
  }, []);

  const update = (field: QuoteField, value: string) => {
    startedAt.current ??= Date.now();
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    try {
      sessionStorage.setItem(storageKey(props), JSON.stringify(next));
    } catch {
      // Private mode without storage: the form still works, it just forgets on reload.
    }
  };

  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const invalid = fields.filter((field) => fieldErrors[field]?.length);
    setAnnouncement(`Formularen har ${invalid.length === 1 ? "1 fejl" : `${invalid.length} fejl`}: ${invalid.map((field) => fieldErrors[field]![0]).join(". ")}`);
    const first = invalid[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`#${id}-${first}`)?.focus();
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (sending.current) return; // a double click sends once
    const checked = validateQuoteRequest(values);
    if (!checked.ok) return showErrors(checked.errors);
    sending.current = true;
    setSubmitting(true);
    setAnnouncement("Sender...");
    const body = { ...checked.data, page: props.page, partnerId: props.partner, startedAt: startedAt.current };
    const result = await sendQuote(props.backend, body, crypto.randomUUID(), { sleep: props.sleep });
    sending.current = false;
    setSubmitting(false);
    props.onResult?.(result);
    if (result.ok) {
      setValues(empty(location));
      setErrors({});
      startedAt.current = undefined;
      sessionStorage.removeItem(storageKey(props));
      setAnnouncement("Besked sendt! Vi kontakter dig hurtigst muligt.");
      notify({ title: "Besked sendt!", description: "Vi kontakter dig hurtigst muligt.", durationMs: QUOTE_NOTICE_MS });
      return;
    }
    if (result.fieldErrors) return showErrors(result.fieldErrors);
    console.error("Quote request failed", result.status ?? "network");
    const description = `Der opstod en fejl. Prøv igen eller ring til os på ${props.phone.display}`;
    setAnnouncement(`Fejl. ${description}`);
    notify({ title: "Fejl", description, variant: "destructive", durationMs: QUOTE_NOTICE_MS });
  };

  return (
    <div className={props.compact ? "quote-card quote-compact" : "quote-card"}>
      <h2 id={`${id}-title`} className="text-xl sm:text-2xl">{props.heading ?? "Få et gratis tilbud"}</h2>
      <p className="mt-1 text-slate-600">{props.intro ?? "Udfyld formularen, så vender vi tilbage hurtigst muligt."}</p>
      <form
        ref={formRef}
        action={`${props.backend.url}/functions/v1/${props.backend.functionName}`}
        method="post"
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
                <input {...common} type={INPUT[field].type} autoComplete={INPUT[field].autoComplete} />
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
        {props.partner ? <input type="hidden" name="partner" value={props.partner} /> : null}
        <div className="hidden">
          <label>
            Udfyld ikke dette felt <input name="website" type="text" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button type="submit" className="btn btn-primary mt-5 w-full" disabled={submitting}>
          {submitting ? "Sender..." : "Send forespørgsel"}
        </button>
        <p className="privacy-note">
          Vi bruger kun dine oplysninger til at besvare din forespørgsel og slette dem igen efter {props.retentionMonths ?? 12} måneder. Læs
          mere i vores <a href={`${props.siteUrl ?? ""}/privatlivspolitik`}>privatlivspolitik</a>.
        </p>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
      </form>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        Eller kontakt os direkte: <a href={`tel:${props.phone.e164}`} className="font-semibold">{props.phone.display}</a>{" "}
        <a href={`mailto:${props.email}`} className="font-semibold">{props.email}</a>
      </p>
    </div>
  );
}
