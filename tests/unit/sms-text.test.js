// The firm's SMS about a lead: always one SMS in GSM-7 (never UCS-2, never two), the number to call back
// whole, and nothing of what the visitor wrote beyond name, town and number. The SMS comes from the firm's
// own sender, so what a visitor types must never read as a message of its own: the name and the town are
// a few words of letters, and the only number is the customer's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gsm7Length, toGsm7 } from "../../supabase/functions/_shared/gsm7.js";
import { leadSmsText, overCapSmsText, phoneForSms } from "../../supabase/functions/_shared/sms-text.ts";

describe("gsm7Length", () => {
  it("counts the default alphabet, the Danish letters included, one septet each", () => {
    expect(gsm7Length("Ny forespørgsel: Æble, Ødis, Århus")).toBe(34);
    expect(gsm7Length("æøåÆØÅéÉüÜ@£$")).toBe(13);
  });

  it("counts the extension table's characters two septets each", () => {
    expect(gsm7Length("€")).toBe(2);
    expect(gsm7Length("a[b]c{d}e|f~g^h\\")).toBe(8 + 2 * 8);
  });

  it("knows a character outside GSM-7, which would make the message UCS-2", () => {
    for (const text of ["á", "ç", "ő", "Ł", "ß€😀", "’", "–", "…", "\u00a0", "д", "\u200b"]) expect(gsm7Length(text), text).toBeNull();
  });
});

describe("toGsm7", () => {
  it("keeps the Danish letters and takes accents off other letters", () => {
    expect(toGsm7("Søren Ærø Åberg")).toBe("Søren Ærø Åberg");
    expect(toGsm7("José Núñez Çelik Müller ça")).toBe("José Nuñez Çelik Müller ca");
    expect(toGsm7("Łukasz Dvořák Đorđević Ólafsdóttir")).toBe("Lukasz Dvorak Dordevic Olafsdottir");
  });

  it("gives typography a plain stand-in and drops what has none, on one line", () => {
    expect(toGsm7("“Jens” – Køge’s…")).toBe('"Jens" - Køge\'s...');
    expect(toGsm7("Jens 😀 Hansen\u200b\nKøge{}")).toBe("Jens Hansen Køge");
    expect(toGsm7("Иван")).toBe("");
  });
});

describe("phoneForSms", () => {
  it("writes a Danish number in pairs, with or without +45 or 0045", () => {
    for (const phone of ["20304050", "+45 20 30 40 50", "0045 2030 4050", "20-30-40-50"])
      expect(phoneForSms(phone), phone).toBe("20 30 40 50");
  });

  it("writes any other number as digits and spaces, with a + only in front", () => {
    expect(phoneForSms("+46 70 123 45 67")).toBe("+46 70 123 45 67");
    expect(phoneForSms("(+45) 2030-4050 / 9999")).toBe("+45 2030 4050 9999");
    expect(phoneForSms("46.70.123.45.67")).toBe("46 70 123 45 67");
    expect(phoneForSms("+46 70 123 45 67 ring www.el-vagt.dk")).toBe("+46 70 123 45 67");
  });

  it("is digits in groups, with at most a leading +, whatever was typed", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (phone) => {
        expect(phoneForSms(phone)).toMatch(/^(?:\+?\d+(?: \d+)*)?$/);
      }),
    );
  });
});

describe("leadSmsText", () => {
  it("says what came, who, where and the number to call back", () => {
    expect(leadSmsText({ name: "Jens Hansen", location: "Køge", phone: "20304050" })).toBe(
      "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50",
    );
  });

  it("opens with the words of the request's kind, and leaves out a town a kind has not", () => {
    expect(leadSmsText({ kind: "callback", name: "Jens Hansen", location: null, phone: "+4520304050" })).toBe(
      "Ring op: Jens Hansen, 20 30 40 50",
    );
    expect(leadSmsText({ kind: "something new", name: "Jens Hansen", location: "Køge", phone: "20304050" })).toMatch(/^Ny forespørgsel: /);
  });

  it("cuts the longer of name and town to fit one SMS, and never the number", () => {
    const long = "Abcdefghijklmnopqrstuvwxyzæøå";
    const text = leadSmsText({ name: `${long} `.repeat(4).trim(), location: `Køge${long} `.repeat(3).trim(), phone: "20304050" });
    // Full but for a space or a hyphen that a cut takes off.
    expect(gsm7Length(text)).toBeGreaterThanOrEqual(159);
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^Ny forespørgsel: Abcdef\S* Abcdef.*, KøgeAbcdef\S* KøgeAbcdef.*, 20 30 40 50$/);
    expect(text).not.toMatch(/[ '-],/);
  });

  it("is one SMS in GSM-7 for any name and town, with the whole number and neither message nor e-mail", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 100 }),
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.constantFrom("20304050", "+45 20 30 40 50", "+46 70 123 45 67", "(+45) 2030-4050 / 9999"),
        (name, location, phone) => {
          const text = leadSmsText({ name, location, phone });
          const septets = gsm7Length(text);
          expect(septets).not.toBeNull();
          expect(septets).toBeLessThanOrEqual(160);
          expect(text.endsWith(phoneForSms(phone))).toBe(true);
        },
      ),
    );
  });
});

/** Each run of digits in `text` (spaces inside it and a leading + belong to it): the numbers an SMS shows. */
const numbersIn = (text) => text.match(/\+?\d(?:[\d ]*\d)?/g) ?? [];

/** Asserts that `text` shows no link, e-mail address or sentence, and no number but the customer's, once. */
function expectNothingSmuggled(text, phone) {
  for (const part of ["http", "www", "@", "/", ".", "?", "!", ";"]) expect(text.toLowerCase(), text).not.toContain(part);
  expect(text.indexOf(":"), text).toBe(text.lastIndexOf(":"));
  expect(numbersIn(text), text).toEqual([phoneForSms(phone)]);
}

describe("leadSmsText against text typed to read as the firm's own message", () => {
  const GATEWAY = "GatewayAPI: saldo tom, betal på https://gatewayapi.eu.example/betal";
  const GATEWAY_ELLIPSIS = "GatewayAPI: saldo tom, betal på https://…/betal";
  const RIVAL = "Jens Hansen, Køge. Akut? Ring 90 12 34 56 / www.el-vagt.dk";

  it("keeps a fake provider notice in the name to a few words, without its link", () => {
    for (const name of [GATEWAY, GATEWAY_ELLIPSIS]) {
      const text = leadSmsText({ kind: "callback", name, location: null, phone: "23 77 78 41" });
      expect(text).toBe("Ring op: GatewayAPI saldo tom betal, 23 77 78 41");
      expectNothingSmuggled(text, "23 77 78 41");
    }
  });

  it("keeps a rival's number and address in the name out", () => {
    const text = leadSmsText({ name: RIVAL, location: "Køge", phone: "25 73 19 25" });
    expect(text).toBe("Ny forespørgsel: Jens Hansen Køge Akut, Køge, 25 73 19 25");
    expectNothingSmuggled(text, "25 73 19 25");
  });

  it("does the same with either in the town", () => {
    const rival = leadSmsText({ name: "Jens Hansen", location: RIVAL, phone: "25 73 19 25" });
    expect(rival).toBe("Ny forespørgsel: Jens Hansen, Jens Hansen Køge, 25 73 19 25");
    expectNothingSmuggled(rival, "25 73 19 25");
    const gateway = leadSmsText({ kind: "callback", name: "Jens Hansen", location: GATEWAY, phone: "23 77 78 41" });
    expect(gateway).toBe("Ring op: Jens Hansen, GatewayAPI saldo tom, 23 77 78 41");
    expectNothingSmuggled(gateway, "23 77 78 41");
  });

  it("drops an e-mail address or a link whole, not as words", () => {
    const cases = [
      { name: "Jens Hansen jens@el-vagt.dk", location: "Køge", expected: "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50" },
      { name: "jens@el-vagt.dk", location: "Køge", expected: "Ny forespørgsel: Ukendt navn, Køge, 20 30 40 50" },
      { name: "Jens Hansen", location: "Køge https://el-vagt.dk/betal", expected: "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50" },
      { name: "Jens Hansen", location: "el-vagt.dk/betal", expected: "Ny forespørgsel: Jens Hansen, 20 30 40 50" },
      { name: "Jens Hansen", location: "www.el-vagt.dk", expected: "Ny forespørgsel: Jens Hansen, 20 30 40 50" },
      // Look-alikes of the dot, the @ and the slash, and an invisible space inside the address.
      {
        name: "Jens Hansen jens＠el-vagt．dk",
        location: "www\u200b.el-vagt。dk Køge",
        expected: "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50",
      },
      { name: "Jens Hansen", location: "Køge el-vagt…dk ／betal", expected: "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50" },
    ];
    for (const { name, location, expected } of cases) {
      const text = leadSmsText({ name, location, phone: "20304050" });
      expect(text, `${name} / ${location}`).toBe(expected);
      expectNothingSmuggled(text, "20304050");
    }
  });

  it("drops the digits in a name, however written", () => {
    for (const name of [
      "Jens 90123456 Hansen",
      "Jens 9 0 1 2 3 4 5 6 Hansen",
      "Jens ９０１２３４５６ Hansen",
      "Jens 90-12-34-56 Hansen",
      "Jens2Hansen",
    ]) {
      const text = leadSmsText({ name, location: "Køge", phone: "20304050" });
      expect(text, name).toBe("Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50");
      expectNothingSmuggled(text, "20304050");
    }
  });

  it("keeps a sentence typed as the name to its first words", () => {
    const name = "Hej! Vi har en akut fejl; ring straks til vagten på telefon, ellers mister I kunden.";
    const text = leadSmsText({ name, location: "Køge", phone: "20304050" });
    expect(text).toBe("Ny forespørgsel: Hej Vi har en, Køge, 20 30 40 50");
    expectNothingSmuggled(text, "20304050");
  });

  it("still writes names and towns as people write them", () => {
    const cases = [
      ["Jens Hansen", "Køge", "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50"],
      ["Hans-Peter Ørsted", "Store Heddinge", "Ny forespørgsel: Hans-Peter Ørsted, Store Heddinge, 20 30 40 50"],
      ["Anne-Marie O'Brien", "Nykøbing F.", "Ny forespørgsel: Anne-Marie O'Brien, Nykøbing F, 20 30 40 50"],
      ["Anne‐Marie O’Brien", "  Køge ", "Ny forespørgsel: Anne-Marie O'Brien, Køge, 20 30 40 50"],
      ["Zoë Łukasz", "Ærøskøbing", "Ny forespørgsel: Zoe Lukasz, Ærøskøbing, 20 30 40 50"],
      // A hyphen or an apostrophe that is not between two letters goes.
      ["-Jens-- 'Hansen'", "Køge -", "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50"],
    ];
    for (const [name, location, expected] of cases) expect(leadSmsText({ name, location, phone: "20304050" }), name).toBe(expected);
  });

  it("says so when nothing of the name is left, and leaves out a town of which nothing is", () => {
    expect(leadSmsText({ name: "90 12 34 56", location: "1234", phone: "20304050" })).toBe("Ny forespørgsel: Ukendt navn, 20 30 40 50");
    expect(leadSmsText({ kind: "callback", name: "https://el-vagt.dk", location: null, phone: "20304050" })).toBe(
      "Ring op: Ukendt navn, 20 30 40 50",
    );
  });

  it("shows no link, address, sentence or other number for any name and town, only a few words of letters", () => {
    const piece = fc.oneof(
      fc.constantFrom(" ", "-", "'", ".", ",", ":", "/", "@", "?", "!", ";", "://", "．", "＠", "／", "…", "\u200b", "\n"),
      fc.constantFrom("9", "45", "90 12 34 56", "www", "http", "https", "dk", "Jens", "Køge", "Ø", "ë", "Ł", "ß", "Δ", "€"),
      fc.string({ unit: "grapheme", maxLength: 6 }),
    );
    const field = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(""));
    const word = "\\p{L}+(?:['-]\\p{L}+)*";
    const words = (most) => new RegExp(`^${word}(?: ${word}){0,${most - 1}}$`, "u");
    fc.assert(
      fc.property(
        field,
        field,
        fc.constantFrom("quote", "callback", "test"),
        fc.constantFrom("20304050", "+45 20 30 40 50", "+46 70 123 45 67", "(+45) 2030-4050 / 9999"),
        (name, location, kind, phone) => {
          const text = leadSmsText({ kind, name, location, phone });
          expectNothingSmuggled(text, phone);
          expect(gsm7Length(text)).toBeLessThanOrEqual(160);
          const between = /^(?:Ny forespørgsel|Ring op|TEST): (.*), [+\d][\d ]*$/.exec(text)?.[1] ?? "";
          const [who, where, ...more] = between.split(", ");
          expect(more, text).toEqual([]);
          expect(who, text).toMatch(words(4));
          if (where !== undefined) expect(where, text).toMatch(words(3));
          for (const part of between.split(/[ ,]+/)) expect(part.length, text).toBeLessThanOrEqual(24);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("overCapSmsText", () => {
  it("says how many more came on which day, in one GSM-7 SMS", () => {
    const text = overCapSmsText({ day: "2026-11-26", count: 7, dailyLimit: 50 });
    expect(text).toContain("7 forespørgsler mere 26.11.");
    expect(text).toContain("højst 50");
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
    expect(overCapSmsText({ day: "2026-11-26", count: 1, dailyLimit: 50 })).toContain("1 forespørgsel mere");
  });
});
