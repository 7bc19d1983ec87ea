// The firm's SMS about a lead: always one SMS in GSM-7 (never UCS-2, never two), the number to call back
// whole, and nothing of what the visitor wrote beyond name, town and number.
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

  it("keeps any other number as typed", () => {
    expect(phoneForSms("+46 70 123 45 67")).toBe("+46 70 123 45 67");
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
    const text = leadSmsText({ name: "Jens ".repeat(20).trim(), location: "Køgevej ".repeat(25).trim(), phone: "20304050" });
    // Full but for a space that a cut between two words takes off.
    expect(gsm7Length(text)).toBeGreaterThanOrEqual(159);
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^Ny forespørgsel: Jens Jens .*, Køgevej .*, 20 30 40 50$/);
    expect(text).not.toMatch(/ ,/);
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

describe("overCapSmsText", () => {
  it("says how many more came on which day, in one GSM-7 SMS", () => {
    const text = overCapSmsText({ day: "2026-11-26", count: 7, dailyLimit: 50 });
    expect(text).toContain("7 forespørgsler mere 26.11.");
    expect(text).toContain("højst 50");
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
    expect(overCapSmsText({ day: "2026-11-26", count: 1, dailyLimit: 50 })).toContain("1 forespørgsel mere");
  });
});
