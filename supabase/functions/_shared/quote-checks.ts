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
// C1 controls (U+0080-U+009F, e.g. U+0085 and U+009B): never typed by a person, and some mail and
// terminal software acts on them.
const C1_CONTROL = /[\u0080-\u009f]/;
// Invisible format characters that change how a line reads without being seen: bidi overrides and
// isolates (U+202A-U+202E, U+2066-U+2069), marks (U+200E, U+200F), zero-width characters (U+200B-U+200D,
// U+2060, U+FEFF). Refused in the one-line fields, whose text the firm's mail shows in its headers.
const INVISIBLE_FORMAT = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;
// What a domain name may not contain before it is converted to its ASCII (punycode) form.
const NOT_IN_DOMAIN = /[\s/\\:?#[\]@%]/;

/**
 * An e-mail address as zod's pattern accepts it, with an internationalised domain allowed
 * (info@blåbær.dk): the domain is checked in its ASCII form, as mail servers see it.
 */
function isEmail(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const domain = value.slice(at + 1);
  if (domain === "" || NOT_IN_DOMAIN.test(domain)) return false;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return false;
  }
  return regexes.email.test(`${value.slice(0, at)}@${ascii}`);
}

/** Length in characters (code points), as zod and Postgres' char_length count it, not UTF-16 units. */
const length = (value: string) => [...value].length;

type Rule = { min: number; max: number; minMessage: string; maxMessage: string; controlMessage: string; lineBreakMessage?: string };

function text(rule: Rule, ...extra: Check[]): Check[] {
  const checks: Check[] = [
    [(value) => length(value) >= rule.min, rule.minMessage],
    [(value) => length(value) <= rule.max, rule.maxMessage],
    [(value) => !CONTROL.test(value) && !C1_CONTROL.test(value), rule.controlMessage],
  ];
  // Length rules alone let "Jens\r\nBcc: x@y.z" through: single-line fields refuse line breaks, and
  // the invisible characters that would make the line read differently from what it is.
  if (rule.lineBreakMessage) {
    checks.push([(value) => !LINE_BREAK.test(value), rule.lineBreakMessage]);
    checks.push([(value) => !INVISIBLE_FORMAT.test(value), rule.controlMessage]);
  }
  return checks.concat(extra);
}

/** Every field's checks, in the order their messages are reported. */
export const QUOTE_CHECKS: Record<QuoteField, Check[]> = {
  name: text(rules.name),
  phone: text(rules.phone, [(value) => PHONE_CHARACTERS.test(value), rules.phone.minMessage]),
  email: [
    [(value) => length(value) <= rules.email.max, rules.email.maxMessage],
    [
      (value) => !LINE_BREAK.test(value) && !CONTROL.test(value) && !C1_CONTROL.test(value) && !INVISIBLE_FORMAT.test(value),
      rules.email.lineBreakMessage,
    ],
    [isEmail, rules.email.minMessage],
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

/**
 * A value as the rules see it: NFC first (so a decomposed 'å' counts as one character, as the
 * database will store it), then trimmed.
 */
export const normalizeValue = (value: string) => value.normalize("NFC").trim();

/** The browser's check of the form's values: normalised values, or every field's Danish messages. */
export function checkQuoteRequest(values: QuoteValues): { ok: true; data: QuoteValues } | { ok: false; errors: FieldErrors } {
  const data = {} as QuoteValues;
  const errors: FieldErrors = {};
  for (const field of QUOTE_FIELDS) {
    data[field] = normalizeValue(values[field]);
    collectErrors(errors, field, data[field]);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data };
}
