// The quote request as the function parses it: zod/mini over the five fields of docs/product.md#data,
// running the shared checks of quote-checks.ts (the rules and Danish messages of section 5), so the
// browser and the function can never disagree about what is valid.
import * as z from "zod/mini";
import { type FieldErrors, QUOTE_CHECKS, QUOTE_FIELDS, QUOTE_RULES, type QuoteField, normalizeValue, storedValue } from "./quote-checks.ts";

export { QUOTE_FIELDS, QUOTE_RULES };
export type { FieldErrors, QuoteField };

// No generated code (new Function): the same parser everywhere, and nothing a strict CSP would refuse.
z.config({ jitless: true });

/** A required string: trimmed, missing counts as empty (docs/product.md#quote-form-rules: defaults are empty strings). */
const field = (name: QuoteField) =>
  z.prefault(
    z.string({ error: QUOTE_RULES[name].minMessage }).check(
      z.overwrite((value: string) => normalizeValue(name, value)),
      ...QUOTE_CHECKS[name].map(([test, message]) => z.refine<string>(test, message)),
      z.overwrite((value: string) => storedValue(name, value)),
    ),
    "",
  );

export const quoteRequestSchema = z.object(
  Object.fromEntries(QUOTE_FIELDS.map((name) => [name, field(name)])) as Record<QuoteField, ReturnType<typeof field>>,
);

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** Validates a quote request; on failure, every field's Danish messages (no duplicates, in rule order). */
export function validateQuoteRequest(input: unknown): { ok: true; data: QuoteRequest } | { ok: false; errors: FieldErrors } {
  const result = quoteRequestSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as QuoteField;
    errors[name] ??= [];
    if (!errors[name].includes(issue.message)) errors[name].push(issue.message);
  }
  return { ok: false, errors };
}
