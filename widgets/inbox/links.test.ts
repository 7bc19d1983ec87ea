// The one-tap links of a lead's page.
import { describe, expect, it } from "vitest";
import { addressText } from "./lead-text.ts";
import { callLink, mapLink, replyLink, smsLink } from "./links.ts";

describe("the links to the customer", () => {
  it("dials and texts the number as typed, spaces and dashes left out", () => {
    expect(callLink("+45 12 34-56 78")).toBe("tel:+4512345678");
    expect(smsLink("12 34 56 78")).toBe("sms:12345678");
  });

  it("answers by e-mail with a Danish subject naming the firm, greeting the customer by first name", () => {
    const link = new URL(replyLink("karen+el@example.dk", "Karen Marie Jensen", "Eksempel El"));
    expect(link.protocol).toBe("mailto:");
    expect(decodeURIComponent(link.pathname)).toBe("karen+el@example.dk");
    expect(link.searchParams.get("subject")).toBe("Svar på din henvendelse til Eksempel El");
    expect(link.searchParams.get("body")).toMatch(/^Hej Karen\n/);
    // Spaces as %20: mail apps do not read '+' as a space in a mailto: link.
    expect(link.search).not.toContain("+");
  });

  it("finds the address on a map: the street, then postcode and town unless the street names the town", () => {
    expect(new URL(mapLink(addressText("Hovedgaden 1", "4600", "Køge"))).searchParams.get("query")).toBe("Hovedgaden 1, 4600 Køge");
    expect(addressText("Hovedgaden 1, Køge", "", "Køge")).toBe("Hovedgaden 1, Køge");
    expect(addressText("Hovedgaden 12, 4600 Køge", "4600", "Køge")).toBe("Hovedgaden 12, 4600 Køge");
    expect(addressText("Faxe", "", "Faxe")).toBe("Faxe");
    expect(addressText("", "", "Køge")).toBe("Køge");
  });
});
