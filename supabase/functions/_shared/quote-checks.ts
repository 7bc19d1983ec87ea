// The quote request's rules (docs/product.md#quote-form-rules) as one ordered list of checks per field, with their
// Danish messages from quote-rules.json. The function's zod schema (quote-request.ts) runs these
// checks; the browser (quote form, partner embed) runs the same list with checkQuoteRequest below,
// which costs well under 1 kB where zod/mini's runtime costs 4-6 kB gzip of the embed's 16 kB budget.
// tests/unit/quote-checks.test.js proves the two give the same answer on thousands of inputs.
import { regexes } from "zod/mini";
import { asciiDomain, canonicalEmail, normalizeEmail } from "./email-address.js";
import rules from "./quote-rules.json" with { type: "json" };
// The call-back's own rule in a file of its own: the partner embed, which has no call-back form, does not carry it.
import callbackRules from "./callback-rules.json" with { type: "json" };

// The address's one form lives beside these rules in plain JavaScript, which the operator scripts share.
export { canonicalEmail };

export { rules as QUOTE_RULES, callbackRules as CALLBACK_RULES };
export const QUOTE_FIELDS = ["name", "phone", "email", "location", "message"] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];
export type QuoteValues = Record<QuoteField, string>;
/** The call-back form's fields (docs/product.md#call-back-form): the quote form's name and phone, with their rules. */
export const CALLBACK_FIELDS = ["name", "phone"] as const satisfies readonly QuoteField[];
/** The fields a refusal can name: the quote form's, the call-back's choice of when and a booking's time. */
export type FieldErrors = Partial<Record<QuoteField | "when" | "start", string[]>>;
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
/**
 * Every invisible and format character, one list for the browser and the function: Unicode's
 * default-ignorable code points (stable by design: the property already covers the code points
 * reserved for more) and its format characters (Cf). Between them: the soft hyphen, the combining
 * grapheme joiner, variation selectors, the bidi controls, the Hangul fillers, the interlinear
 * annotation marks and the tag characters (U+E0000-E0FFF); plus the braille blank (U+2800), a filler
 * that is neither. Refused in the one-line fields, whose text the firm's mail shows in its headers and
 * links. Property escapes, not a table of ranges, because the embed's byte budget has no room for one.
 */
export const INVISIBLE = /[\p{DI}\p{Cf}\u2800]/u;
/**
 * What the message may not hold of that list: the bidi controls (they make a line read in another
 * order) and the tag characters (they carry hidden text). Emoji keep their joiners and variation
 * selectors there.
 */
export const BIDI_OR_TAG = /[\p{Bidi_C}\u{e0000}-\u{e007f}]/u;
// An RFC 2047 encoded word ("=?UTF-8?B?...?="), which mail clients decode in a display name, and an
// address: a name holding either could pose as someone else in the firm's Reply-To.
const POSES_AS_ADDRESS = /=\?|@/;

/** True when a name holds an encoded word or an address (the firm's mail then shows no display name). */
export const posesAsAddress = (name: string) => POSES_AS_ADDRESS.test(name);
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;
// The scripts a domain label's letters are told apart by (ISO 15924 codes, in this order); Japanese
// writes Han with kana, Korean Han with Hangul, so those may share a label.
const SCRIPTS = "Latn Grek Cyrl Armn Hebr Arab Geor Thai Deva Hang Hani Hira Kana".split(" ");
const ONE_WRITING = /^[^,]*$|^Hang,Hani$|^(Hani,)?Hira(,Kana)?$|^(Hani,)?Kana$/;
const LABEL_SEPARATOR = /[.\u3002\uff0e\uff61]/;

/** True when one label of `domain` mixes letters of two scripts ('exаmple' with a Cyrillic 'а'). */
const mixesScripts = (domain: string) =>
  domain
    .split(LABEL_SEPARATOR)
    .some((label) => !ONE_WRITING.test(SCRIPTS.filter((script) => new RegExp(`\\p{sc=${script}}`, "u").test(label)).join()));

/**
 * An e-mail address as zod's pattern accepts it, with an internationalised domain allowed
 * (info@blåbær.dk): the domain is checked in its ASCII form, as mail servers see it, and refused when a
 * label mixes scripts (a lookalike of another domain).
 */
function isEmail(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const domain = value.slice(at + 1);
  const ascii = asciiDomain(domain);
  return ascii !== null && !mixesScripts(domain) && regexes.email.test(`${value.slice(0, at)}@${ascii}`);
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
    checks.push([(value) => !INVISIBLE.test(value), rule.controlMessage]);
  } else {
    checks.push([(value) => !BIDI_OR_TAG.test(value), rule.controlMessage]);
  }
  return checks.concat(extra);
}

/** Every field's checks, in the order their messages are reported. */
export const QUOTE_CHECKS: Record<QuoteField, Check[]> = {
  name: text(rules.name, [(value) => !posesAsAddress(value), rules.name.addressMessage]),
  phone: text(rules.phone, [(value) => PHONE_CHARACTERS.test(value), rules.phone.minMessage]),
  email: [
    [(value) => length(value) <= rules.email.max, rules.email.maxMessage],
    [
      (value) => !LINE_BREAK.test(value) && !CONTROL.test(value) && !C1_CONTROL.test(value) && !INVISIBLE.test(value),
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
 * database will store it), then trimmed. An address is NFKC instead, so that full-width letters and
 * other compatibility spellings of it are the one address they stand for.
 */
export const normalizeValue = (field: QuoteField, value: string) =>
  field === "email" ? normalizeEmail(value) : value.normalize("NFC").trim();

/** A valid value as it is stored: the address in its canonical form, everything else as normalised. */
export const storedValue = (field: QuoteField, value: string) => (field === "email" ? canonicalEmail(value) : value);

/**
 * The browser's check of the form's values: the values as stored, or every field's Danish messages.
 * `fields`: the ones the form sends (the call-back form only CALLBACK_FIELDS).
 */
export function checkQuoteRequest(
  values: QuoteValues,
  fields: readonly QuoteField[] = QUOTE_FIELDS,
): { ok: true; data: QuoteValues } | { ok: false; errors: FieldErrors } {
  const data = {} as QuoteValues;
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = normalizeValue(field, values[field]);
    collectErrors(errors, field, value);
    data[field] = storedValue(field, value);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data };
}
