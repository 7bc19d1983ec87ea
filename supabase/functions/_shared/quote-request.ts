// The quote request: the five fields of SPEC.md section 3 with the rules and Danish messages of
// section 5 (limits and texts in quote-rules.json, which the site's plain-HTML form reads too).
// Written with zod/mini (about 5 kB) because the quote widget ships this same file to browsers.
import * as z from "zod/mini";
import rules from "./quote-rules.json" with { type: "json" };

export { rules as QUOTE_RULES };
export const QUOTE_FIELDS = ["name", "phone", "email", "location", "message"] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

const LINE_BREAK = /[\r\n\u2028\u2029]/;
// Control characters other than tab and line breaks (Postgres refuses NUL in text outright).
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;

type Rule = { min: number; max: number; minMessage: string; maxMessage: string; controlMessage: string; lineBreakMessage?: string };

/** A required string: trimmed, missing counts as empty (SPEC.md section 5: defaults are empty strings). */
function text(rule: Rule, ...extra: z.core.$ZodCheck<string>[]) {
  const checks: z.core.$ZodCheck<string>[] = [
    z.trim(),
    z.minLength(rule.min, rule.minMessage),
    z.maxLength(rule.max, rule.maxMessage),
    z.refine((value: string) => !CONTROL.test(value), rule.controlMessage),
  ];
  // Length rules alone let "Jens\r\nBcc: x@y.z" through: single-line fields refuse line breaks.
  if (rule.lineBreakMessage) checks.push(z.refine((value: string) => !LINE_BREAK.test(value), rule.lineBreakMessage));
  return z.prefault(z.string({ error: rule.minMessage }).check(...checks, ...extra), "");
}

export const quoteRequestSchema = z.object({
  name: text(rules.name),
  phone: text(rules.phone, z.refine((value: string) => PHONE_CHARACTERS.test(value), rules.phone.minMessage)),
  email: z.prefault(
    z.string({ error: rules.email.minMessage }).check(
      z.trim(),
      z.maxLength(rules.email.max, rules.email.maxMessage),
      z.refine((value: string) => !LINE_BREAK.test(value) && !CONTROL.test(value), rules.email.lineBreakMessage),
      z.email(rules.email.minMessage),
    ),
    "",
  ),
  location: text(rules.location),
  message: text(rules.message),
});

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type FieldErrors = Partial<Record<QuoteField, string[]>>;

/** Validates a quote request; on failure, every field's Danish messages (no duplicates, in rule order). */
export function validateQuoteRequest(input: unknown): { ok: true; data: QuoteRequest } | { ok: false; errors: FieldErrors } {
  const result = quoteRequestSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as QuoteField;
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { ok: false, errors };
}
