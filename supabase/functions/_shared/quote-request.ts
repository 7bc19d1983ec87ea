// The quote request as the function parses it: zod/mini over the five fields of docs/product.md#data,
// running the shared checks of quote-checks.ts (the rules and Danish messages of section 5), so the
// browser and the function can never disagree about what is valid.
import * as z from "zod/mini";
import bookingRules from "./booking-rules.json" with { type: "json" };
import {
  CALLBACK_FIELDS,
  CALLBACK_RULES,
  type FieldErrors,
  QUOTE_CHECKS,
  QUOTE_FIELDS,
  QUOTE_RULES,
  type QuoteField,
  normalizeValue,
  storedValue,
} from "./quote-checks.ts";

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

/** What a request asks for: a quote (the default when `kind` is absent), a call back, or a booked inspection. */
export const LEAD_KINDS = ["quote", "callback", "booking"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** A request's kind: `kind` absent, null or empty is a quote; anything but a known kind is null (refused). */
export function leadKind(value: unknown): LeadKind | null {
  if (value === undefined || value === null || value === "") return "quote";
  return LEAD_KINDS.find((kind) => kind === value) ?? null;
}

/**
 * A quote request, a booking (a quote's fields and the chosen time: `start`), or a call-back (name,
 * phone and when; no address, place or message).
 */
export type Lead =
  | (QuoteRequest & { kind: "quote"; when: null })
  | (QuoteRequest & { kind: "booking"; when: null; start: Date })
  | { kind: "callback"; name: string; phone: string; email: null; location: null; message: null; when: string | null };

const callbackSchema = z.object({ name: field("name"), phone: field("phone") });

/**
 * Validates a call-back: name and phone by the quote form's rules and messages, and `when` one of the
 * options of callback-rules.json or nothing. Every other field is ignored.
 */
export function validateCallbackRequest(input: unknown): { ok: true; data: Lead } | { ok: false; errors: FieldErrors } {
  const body = (input ?? {}) as Record<string, unknown>;
  const result = callbackSchema.safeParse(Object.fromEntries(CALLBACK_FIELDS.map((name) => [name, body[name]])));
  const errors: FieldErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const name = issue.path[0] as QuoteField;
    errors[name] ??= [];
    if (!errors[name].includes(issue.message)) errors[name].push(issue.message);
  }
  const when = typeof body.when === "string" ? body.when.normalize("NFC").trim() : body.when;
  const chosen = when === undefined || when === null || when === "" ? null : CALLBACK_RULES.when.options.find((option) => option === when);
  if (chosen === undefined) errors.when = [CALLBACK_RULES.when.message];
  if (!result.success || chosen === undefined) return { ok: false, errors };
  const { name, phone } = result.data;
  return { ok: true, data: { kind: "callback", name, phone, email: null, location: null, message: null, when: chosen } };
}

/** The chosen time of a booking: an ISO date-time (the free times' `start`), else null. */
export function bookingStart(value: unknown): Date | null {
  if (typeof value !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value.trim())) return null;
  const start = new Date(value.trim());
  return Number.isNaN(start.getTime()) ? null : start;
}

/** Validates a request of any kind: a booking is a quote with a time (whether it is free is the store's to say). */
export function validateLead(kind: LeadKind, input: unknown): { ok: true; data: Lead } | { ok: false; errors: FieldErrors } {
  if (kind === "callback") return validateCallbackRequest(input);
  const result = validateQuoteRequest(input);
  if (kind === "quote") return result.ok ? { ok: true, data: { ...result.data, kind, when: null } } : result;
  const start = bookingStart((input as Record<string, unknown> | null)?.start);
  const errors: FieldErrors = result.ok ? {} : result.errors;
  if (start === null) errors.start = [bookingRules.start.message];
  if (!result.ok || start === null) return { ok: false, errors };
  return { ok: true, data: { ...result.data, kind, when: null, start } };
}
