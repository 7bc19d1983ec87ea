// The firm's e-mail in Danish time (supabase/functions/_shared/mail.ts).
import { describe, expect, it } from "vitest";
import { buildMessage, callNumber, receivedInDanish } from "../../supabase/functions/_shared/mail.ts";
import { apiEmail } from "../../supabase/functions/_shared/mail-api-transport.ts";

describe("receivedInDanish", () => {
  it("writes Copenhagen time the Danish way, in winter and in summer time", () => {
    expect(receivedInDanish(new Date("2026-11-22T10:25:00Z"))).toBe("22. november 2026 kl. 11.25");
    expect(receivedInDanish(new Date("2026-07-01T06:05:00Z"))).toBe("1. juli 2026 kl. 08.05");
    expect(receivedInDanish(new Date("2026-12-31T23:30:00Z"))).toBe("1. januar 2027 kl. 00.30");
  });
});

const REQUEST = {
  kind: /** @type {const} */ ("quote"),
  when: null,
  id: "0b1c2d3e-0000-4000-8000-000000000001",
  receivedAt: new Date("2026-11-22T10:25:00Z"),
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  email: "jens@example.dk",
  location: "Køge",
  message: "Ny eltavle",
  sourceUrl: null,
  partnerId: null,
  attempts: 1,
};
const SETTINGS = { mailFrom: "Hjemmesiden <hjemmeside@eksempel-el.example>", mailTo: ["kontakt@eksempel-el.example"] };

describe("the firm's e-mail", () => {
  it("links a call only for one number: never two numbers run together", () => {
    expect(callNumber("+45 12 34 56 78")).toBe("+4512345678");
    expect(callNumber("12 34 56 78")).toBe("12345678");
    expect(callNumber("0046 8 123 456 78")).toBe("0046812345678");
    for (const phone of ["20304050/60708090", "2030405060708090", "20304050 60708090", "+45 20304050/+45 60708090", "1234567"])
      expect(callNumber(phone), phone).toBeNull();
    const html = buildMessage({ ...REQUEST, phone: "20304050/60708090" }, SETTINGS).html;
    expect(html).not.toContain("tel:");
    expect(html).toContain("20304050/60708090");
    expect(buildMessage(REQUEST, SETTINGS).html).toContain('href="tel:+4512345678"');
  });

  it("gives the customer's address without a display name when the name holds an encoded word or an address", () => {
    expect(buildMessage(REQUEST, SETTINGS).replyTo).toEqual({ name: "Jens Hansen", address: "jens@example.dk" });
    for (const name of ["=?UTF-8?B?a29udGFrdEBla3NlbXBlbC1lbC5leGFtcGxl?=", "kontakt@eksempel-el.example"]) {
      const message = buildMessage({ ...REQUEST, name }, SETTINGS);
      expect(message.replyTo, name).toEqual({ name: "", address: "jens@example.dk" });
      // The HTTP mail API gets the bare address too, never an empty quoted name.
      expect(apiEmail(message).reply_to, name).toBe("jens@example.dk");
    }
  });
});
