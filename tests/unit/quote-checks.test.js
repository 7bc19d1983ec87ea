// The browser's check (checkQuoteRequest, plain code) and the function's zod schema run the same rule
// list; this proves they agree on every string input: same verdict, same messages, same trimmed values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUOTE_FIELDS, QUOTE_RULES, checkQuoteRequest } from "../../supabase/functions/_shared/quote-checks.ts";
import { validateQuoteRequest } from "../../supabase/functions/_shared/quote-request.ts";

const VALID = {
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  email: "jens@example.dk",
  location: "Køge",
  message: "Ny eltavle i villa fra 1972",
};

const value = (valid) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(valid) },
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 1100 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    { weight: 2, arbitrary: fc.emailAddress() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        "  ",
        " J ",
        "a\nb",
        "æøå",
        "1234567",
        "12345678",
        " +45 (12) 34-56.78 ",
        `${valid}\u0000`,
        `${valid}\r\n`,
        "x".repeat(1000),
        "x".repeat(1001),
        "a@b.dk",
        "a@b",
        "a b@c.dk",
        // Issue 10: Unicode that must be normalised or refused, and internationalised domains.
        `J\u0085ens`,
        `Jens\u009b`,
        `Jens \u202eHansen`,
        `Je\u200bns`,
        `\ufeff${valid}`,
        "a\u030a".repeat(51),
        "a\u030a".repeat(101),
        "info@blåbær.dk",
        "info@xn--blbr-roah.dk",
        "jens@bl å.dk",
        "jens@blå/bær.dk",
      ),
    },
  );

describe("the browser's check and the function's schema", () => {
  it("give the same answer for 5000 generated requests", () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(QUOTE_FIELDS.map((field) => [field, value(VALID[field])]))), (values) => {
        const browser = checkQuoteRequest(/** @type {any} */ (values));
        const server = validateQuoteRequest(values);
        expect(browser).toEqual(server);
      }),
      { numRuns: 5000 },
    );
  });

  it("normalise to NFC first, refuse invisible and C1 characters in one-line fields, accept internationalised domains (issue 10)", () => {
    const decomposed = "a\u030a".repeat(51); // 51 'å' written as a + ring: 102 code points, 51 characters
    const ok = checkQuoteRequest({ ...VALID, name: decomposed, email: "info@blåbær.dk" });
    expect(ok).toEqual({ ok: true, data: { ...VALID, name: "å".repeat(51), email: "info@blåbær.dk" } });
    for (const name of ["J\u0085ens", "Jens \u202eHansen", "Je\u200bns", "Jens\u2066 Hansen"]) {
      const result = checkQuoteRequest({ ...VALID, name });
      expect(result, JSON.stringify(name)).toEqual({ ok: false, errors: { name: [QUOTE_RULES.name.controlMessage] } });
      expect(validateQuoteRequest({ ...VALID, name })).toEqual(result);
    }
    // The message may span lines, and keeps an emoji's zero-width joiner; C1 controls it may not hold.
    expect(checkQuoteRequest({ ...VALID, message: "Hej 👨\u200d🔧\nVi mangler strøm i carporten" }).ok).toBe(true);
    expect(checkQuoteRequest({ ...VALID, message: "Vi mangler strøm\u0085 i carporten" }).ok).toBe(false);
    expect(checkQuoteRequest({ ...VALID, email: "jens@bl å.dk" }).ok).toBe(false);
  });

  it("report the spec's messages for the spec's limits (docs/product.md#quote-form-rules)", () => {
    const result = checkQuoteRequest({ name: "J", phone: "1234567", email: "jens@", location: "K", message: "For kort" });
    if (result.ok) throw new Error("expected errors");
    expect(result.errors).toEqual({
      name: [QUOTE_RULES.name.minMessage],
      phone: [QUOTE_RULES.phone.minMessage],
      email: [QUOTE_RULES.email.minMessage],
      location: [QUOTE_RULES.location.minMessage],
      message: [QUOTE_RULES.message.minMessage],
    });
    expect(QUOTE_RULES.name.minMessage).toBe("Navn skal være mindst 2 tegn");
  });
});
