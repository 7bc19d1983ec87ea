// The quote request's rules (docs/product.md#quote-form-rules) as one ordered list of checks per field, with their
// Danish messages from quote-rules.json. The function's zod schema (quote-request.ts) runs these
// checks; the browser (quote form, partner embed) runs the same list with checkQuoteRequest below,
// which costs well under 1 kB where zod/mini's runtime costs 4-6 kB gzip of the embed's 16 kB budget.
// tests/unit/quote-checks.test.js proves the two give the same answer on thousands of inputs.
import { regexes } from "zod/mini";
import rules from "./quote-rules.json" with { type: "json" };

export { rules as QUOTE_RULES };
export const QUOTE_FIELDS = ["name", "phone", "email", "location", "message"] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];
export type QuoteValues = Record<QuoteField, string>;
export type FieldErrors = Partial<Record<QuoteField, string[]>>;
/** A rule: what a (trimmed) value must pass, and the message when it does not. */
export type Check = [test: (value: string) => boolean, message: string];

const LINE_BREAK = /[\r\n\u2028\u2029]/;
// Control characters other than tab and line breaks (Postgres refuses NUL in text outright): matching
// them is the point of this pattern.
// biome-ignore lint/suspicious/noControlCharactersInRegex: it detects control characters on purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;

/** Length in characters (code points), as zod and Postgres' char_length count it, not UTF-16 units. */
const length = (value: string) => [...value].length;

type Rule = { min: number; max: number; minMessage: string; maxMessage: string; controlMessage: string; lineBreakMessage?: string };

function text(rule: Rule, ...extra: Check[]): Check[] {
  const checks: Check[] = [
    [(value) => length(value) >= rule.min, rule.minMessage],
    [(value) => length(value) <= rule.max, rule.maxMessage],
    [(value) => !CONTROL.test(value), rule.controlMessage],
  ];
  // Length rules alone let "Jens\r\nBcc: x@y.z" through: single-line fields refuse line breaks.
  if (rule.lineBreakMessage) checks.push([(value) => !LINE_BREAK.test(value), rule.lineBreakMessage]);
  return checks.concat(extra);
}

/** Every field's checks, in the order their messages are reported. */
export const QUOTE_CHECKS: Record<QuoteField, Check[]> = {
  name: text(rules.name),
  phone: text(rules.phone, [(value) => PHONE_CHARACTERS.test(value), rules.phone.minMessage]),
  email: [
    [(value) => length(value) <= rules.email.max, rules.email.maxMessage],
    [(value) => !LINE_BREAK.test(value) && !CONTROL.test(value), rules.email.lineBreakMessage],
    // zod's own e-mail pattern, the one z.email() applies.
    [(value) => regexes.email.test(value), rules.email.minMessage],
  ],
  location: text(rules.location),
  message: text(rules.message),
};

/** Adds a field's failed checks to `errors` (each message once, in rule order). */
export function collectErrors(errors: FieldErrors, field: QuoteField, value: string): void {
  for (const [test, message] of QUOTE_CHECKS[field]) {
    if (test(value)) continue;
    errors[field] ??= [];
    if (!errors[field].includes(message)) errors[field].push(message);
  }
}

/** The browser's check of the form's values: trimmed values, or every field's Danish messages. */
export function checkQuoteRequest(values: QuoteValues): { ok: true; data: QuoteValues } | { ok: false; errors: FieldErrors } {
  const data = {} as QuoteValues;
  const errors: FieldErrors = {};
  for (const field of QUOTE_FIELDS) {
    data[field] = values[field].trim();
    collectErrors(errors, field, data[field]);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data };
}
