// One field of the quote form: its label (the name a screen reader gives it, nothing more), the input
// (or the message's text area) with the shared rule's placeholder and limits, a hint that stays while the
// visitor types, and the error, which is only the field's description. Label, hint and placeholder come
// from supabase/functions/_shared/quote-rules.json, as the messages do, so the field is named as its
// messages and /kontakt/fejl name it.
import { QUOTE_RULES, type QuoteField as Field } from "#quote-rules";

const INPUT: Record<Exclude<Field, "message">, [type: string, autoComplete: string]> = {
  name: ["text", "name"],
  phone: ["tel", "tel"],
  email: ["email", "email"],
  location: ["text", "address-level2"],
};

export type QuoteFieldProps = {
  /** The form's id prefix. */
  formId: string;
  field: Field;
  value: string;
  /** The first failed rule's message, if any. */
  error?: string;
  onChange: (field: Field, value: string) => void;
};

/** A labelled input (or the message's textarea) with its hint and error. */
export function QuoteField({ formId, field, value, error, onChange }: QuoteFieldProps) {
  const rule = QUOTE_RULES[field];
  const id = `${formId}-${field}`;
  const hint = "hint" in rule ? rule.hint : undefined;
  // Only where it helps beyond the label ("Hvor skal arbejdet udføres?"): one that repeats the label goes.
  const placeholder = "placeholder" in rule ? rule.placeholder : undefined;
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  const common = {
    id,
    name: field,
    placeholder,
    required: true,
    minLength: field === "email" ? undefined : rule.min,
    maxLength: rule.max,
    value,
    "aria-invalid": error ? ("true" as const) : undefined,
    "aria-describedby": describedBy || undefined,
    onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{rule.label}</label>
      {field === "message" ? (
        <textarea {...common} rows={QUOTE_RULES.message.rows} />
      ) : (
        <input {...common} type={INPUT[field][0]} autoComplete={INPUT[field][1]} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The fields of a form in order, each with its value and its first error (the quote form's five, the call-back's two). */
export function QuoteFields({
  formId,
  fields,
  values,
  errors,
  onChange,
}: {
  formId: string;
  fields: readonly Field[];
  values: Partial<Record<Field, string>>;
  errors: Partial<Record<Field, readonly string[]>>;
  onChange: QuoteFieldProps["onChange"];
}) {
  return fields.map((field) => (
    <QuoteField key={field} formId={formId} field={field} value={values[field] ?? ""} error={errors[field]?.[0]} onChange={onChange} />
  ));
}
