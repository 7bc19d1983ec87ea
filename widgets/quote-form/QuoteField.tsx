// One field of the quote form: its label, the input (or the message's text area) with the shared
// rule's placeholder and limits, and its error, linked by aria-describedby.
import { QUOTE_RULES, type QuoteField as Field } from "#quote-rules";

const LABELS: Record<Field, string> = {
  name: "Navn",
  phone: "Telefon",
  email: "E-mail",
  location: "Adresse eller by",
  message: "Opgave",
};
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
  errors?: string[];
  onChange: (value: string) => void;
};

/** A labelled field with its first error. */
export function QuoteField({ formId, field, value, errors, onChange }: QuoteFieldProps) {
  const rule = QUOTE_RULES[field];
  const id = `${formId}-${field}`;
  const invalid = Boolean(errors?.length);
  const common = {
    id,
    name: field,
    placeholder: rule.placeholder,
    required: true,
    minLength: field === "email" ? undefined : rule.min,
    maxLength: rule.max,
    value,
    "aria-invalid": invalid ? ("true" as const) : undefined,
    "aria-describedby": invalid ? `${id}-error` : undefined,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  };
  return (
    <label className="field" htmlFor={id}>
      <span>{LABELS[field]}</span>
      {field === "message" ? (
        <textarea {...common} rows={QUOTE_RULES.message.rows} />
      ) : (
        <input {...common} type={INPUT[field][0]} autoComplete={INPUT[field][1]} />
      )}
      {invalid ? (
        <span id={`${id}-error`} className="field-error">
          {errors?.[0]}
        </span>
      ) : null}
    </label>
  );
}
