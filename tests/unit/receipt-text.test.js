// The receipt's text, as a pure function: thousands of typed places never reach it, and the firm's
// areas are recognised however people type them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { siteFacts } from "../../site/_lib/site-facts.js";
import { areaNamed, buildReceipt } from "../../supabase/functions/_shared/receipt-text.ts";

const facts = siteFacts();
const settings = {
  mailFrom: "Hjemmesiden <hjemmeside@eksempel-el.example>",
  siteUrl: "https://www.eksempel-el.example",
};
const area = (/** @type {string} */ name, postalCode = "4000", home = true) => ({ name, postalCode, home });

describe("areaNamed", () => {
  it("finds an area by its name in any case and spacing, or by a postcode only it has", () => {
    const areas = [area("Køge", "4600"), area("Ølby", "4600"), area("Ølby Lyng", "4600"), area("Borup", "4140")];
    expect(areaNamed("4600  KØGE", areas)?.name).toBe("Køge");
    expect(areaNamed("ølby lyng", areas)?.name).toBe("Ølby Lyng");
    expect(areaNamed("Ølby", areas)?.name).toBe("Ølby");
    expect(areaNamed("4140", areas)?.name).toBe("Borup");
    // Two areas, or a postcode two areas share: no town is named rather than a wrong one.
    expect(areaNamed("Køge eller Borup", areas)).toBeNull();
    expect(areaNamed("4600", areas)).toBeNull();
    expect(areaNamed("Køgevej 12, Tureby", areas)).toBeNull();
  });
});

describe("buildReceipt", () => {
  it("never contains a typed place that names none of the firm's areas, and names only the firm's spelling of one that does", () => {
    const receiptText = (/** @type {string} */ location) => {
      const message = buildReceipt(
        { id: "00000000-0000-4000-8000-000000000000", email: "x@example.dk", location, receivedAt: new Date(), attempts: 1, facts },
        settings,
      );
      return [message.subject, message.text, message.html, JSON.stringify(message.headers), message.replyTo?.name].join("\n");
    };
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 2, maxLength: 60 }), fc.stringMatching(/^zq[a-z0-9]{8}$/), (free, mark) => {
        const location = `${free} ${mark}`;
        const text = receiptText(location);
        expect(text).not.toContain(mark);
        const named = areaNamed(location, facts.areas);
        if (named) expect(text).toContain(`om en opgave i ${named.name} den`);
        else expect(text).toContain("Vi har modtaget din forespørgsel den ");
      }),
      { numRuns: 2000 },
    );
  });
});
