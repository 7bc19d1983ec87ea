// The browser's check (checkQuoteRequest, plain code) and the function's zod schema run the same rule
// list; this proves they agree on every string input: same verdict, same messages, same trimmed values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BIDI_OR_TAG, INVISIBLE, QUOTE_FIELDS, QUOTE_RULES, checkQuoteRequest } from "../../supabase/functions/_shared/quote-checks.ts";
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
        // Unicode that must be normalised or refused, and internationalised domains.
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
  // 1000 a run: fast-check draws a new seed each run, so every run adds cases, and a failure prints its seed.
  it("give the same answer for 1000 generated requests", () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(QUOTE_FIELDS.map((field) => [field, value(VALID[field])]))), (values) => {
        const browser = checkQuoteRequest(/** @type {any} */ (values));
        const server = validateQuoteRequest(values);
        expect(browser).toEqual(server);
      }),
      { numRuns: 1000 },
    );
  });

  it("normalise to NFC first, refuse invisible and C1 characters in one-line fields, accept internationalised domains", () => {
    const decomposed = "a\u030a".repeat(51); // 51 'å' written as a + ring: 102 code points, 51 characters
    const ok = checkQuoteRequest({ ...VALID, name: decomposed, email: "info@blåbær.dk" });
    expect(ok).toEqual({ ok: true, data: { ...VALID, name: "å".repeat(51), email: "info@xn--blbr-roah.dk" } });
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

/** Both checks on one request: the same answer, or the test fails here. */
function bothCheck(values) {
  const browser = checkQuoteRequest(values);
  expect(validateQuoteRequest(values)).toEqual(browser);
  return browser;
}

/** Every code point matching `pattern`, as sorted numbers. */
const codePointsOf = (pattern) => {
  const found = [];
  for (let code = 0; code <= 0x10ffff; code++)
    if ((code < 0xd800 || code > 0xdfff) && pattern.test(String.fromCodePoint(code))) found.push(code);
  return found;
};
const INVISIBLE_POINTS = codePointsOf(INVISIBLE);
const anyOf = (points) => fc.constantFrom(...points).map((code) => String.fromCodePoint(code));
/** A value with `insert` put somewhere inside it. */
const withInside = (valid, insert) =>
  fc.tuple(fc.nat({ max: valid.length }), insert).map(([at, char]) => `${valid.slice(0, at)}${char}${valid.slice(at)}`);

describe("invisible and format characters", () => {
  it("are one complete list: every default-ignorable and format character, with the fillers", () => {
    const runtime = codePointsOf(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/u);
    expect(runtime.filter((code) => !INVISIBLE.test(String.fromCodePoint(code))).map((code) => code.toString(16))).toEqual([]);
    // The ones a review found passing, fillers and tag characters among them.
    for (const code of [
      0xad, 0x34f, 0xfe0f, 0x180e, 0x3164, 0xffa0, 0x115f, 0x2800, 0x61c, 0x206a, 0x206f, 0xfff9, 0xfffb, 0xe0020, 0xe007f,
    ])
      expect(INVISIBLE.test(String.fromCodePoint(code)), code.toString(16)).toBe(true);
    // Nothing a person writes: letters, digits, punctuation, spaces and emoji themselves.
    expect(INVISIBLE.test("Jens Hansen, Køge 4600 – ærø! 👍🏽 é ß 例")).toBe(false);
  });

  it("are refused anywhere in a one-line field, by the browser and the function alike", () => {
    fc.assert(
      fc.property(fc.constantFrom("name", "location", "email", "phone"), fc.nat(), anyOf(INVISIBLE_POINTS), (field, at, char) => {
        const valid = VALID[field];
        const index = at % (valid.length + 1);
        const value = `${valid.slice(0, index)}${char}${valid.slice(index)}`;
        const result = bothCheck({ ...VALID, [field]: value });
        const what = `${field} with U+${char.codePointAt(0)?.toString(16)} at ${index}`;
        // trim() counts U+FEFF as white space: at either end it is taken off before the check, so what
        // is stored holds no invisible character either. Anywhere else, and any other one, is refused.
        if (char === "\ufeff" && (index === 0 || index === valid.length)) expect(result, what).toEqual(bothCheck(VALID));
        else expect(result.ok, what).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it("are refused in the message only as bidi controls and tag characters: emoji keep their joiners and variation selectors", () => {
    const bidiOrTag = codePointsOf(BIDI_OR_TAG);
    fc.assert(
      fc.property(withInside(VALID.message, anyOf(bidiOrTag)), (message) => {
        expect(bothCheck({ ...VALID, message }).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
    // A hidden sentence in tag characters after a visible one, and a right-to-left override.
    const hidden = [..."Betal her"].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join("");
    expect(bothCheck({ ...VALID, message: `Ny eltavle tak${hidden}` }).ok).toBe(false);
    expect(bothCheck({ ...VALID, message: "Ny eltavle \u202etak" }).ok).toBe(false);
    for (const emoji of ["👨\u200d🔧", "❤\ufe0f", "👍🏽", "🇩🇰"])
      expect(bothCheck({ ...VALID, message: `Tak for hjælpen ${emoji}` }).ok, emoji).toBe(true);
  });
});

describe("the name", () => {
  it("may hold neither an encoded word nor an address, which mail clients would show as someone else", () => {
    for (const name of [
      "=?UTF-8?B?a29udGFrdEBla3NlbXBlbC1lbC5leGFtcGxlIDxrb250YWt0QGVrc2VtcGVsLWVsLmV4YW1wbGU+?=",
      "=?UTF-8?Q?Jens=0D=0ABcc:_x@y.z?=",
      "=?UTF-8?Q?Jens=E2=80=AEHansen?=",
      "kontakt@eksempel-el.example",
    ])
      expect(bothCheck({ ...VALID, name }), name).toEqual({ ok: false, errors: { name: [QUOTE_RULES.name.addressMessage] } });
    expect(bothCheck({ ...VALID, name: "Jens = Hansen?" }).ok).toBe(true);
  });
});

describe("the e-mail address", () => {
  const stored = (email) => {
    const result = bothCheck({ ...VALID, email });
    return result.ok ? result.data.email : null;
  };

  it("is stored in one canonical form whatever compatibility spelling it was typed in", () => {
    for (const email of ["x@example.dk", "x@ｅｘａｍｐｌｅ.dk", "x@example。dk", "x@EXAMPLE.DK", "x@example．dk", " x@example.dk "])
      expect(stored(email), email).toBe("x@example.dk");
    expect(stored("ｘ@example.dk")).toBe("x@example.dk");
    expect(stored("Jens@Blåbær.dk")).toBe("Jens@xn--blbr-roah.dk");
  });

  it("refuses invisible characters and a domain label that mixes scripts (a lookalike)", () => {
    for (const email of ["x@ex\u00adample.dk", "x@exa\u034fmple.dk", "x@exa\ufe0fmple.dk", "x@exаmple.dk", "x@exampleα.dk"])
      expect(stored(email), email).toBeNull();
    // One script per label is fine, and Japanese mixes Han with kana.
    for (const email of ["x@пример.dk", "x@例え.jp", "x@blåbær.dk", "x@bücher.example"]) expect(stored(email), email).not.toBeNull();
  });

  it("canonical form is a fixed point: checking the stored address again stores it unchanged", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.emailAddress(),
          fc.string({ maxLength: 30 }).map((local) => `${local}@blåbær.dk`),
        ),
        (email) => {
          const once = stored(email);
          if (once !== null) expect(stored(once)).toBe(once);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
