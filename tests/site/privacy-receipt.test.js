// The privacy page tells customers about the receipt exactly while the one setting sends it.
import { describe, expect, it } from "vitest";
import { business, page, requireBuild } from "../support/site.js";

describe("privacy page and the customer's receipt", () => {
  it("says a receipt is sent, and what it holds, exactly while business.yaml's privacy.sendReceipt is on", () => {
    requireBuild();
    const text = page("/privatlivspolitik").root.querySelector("main")?.textContent ?? "";
    const said = /sender vi en kort kvittering/.test(text);
    expect(said).toBe(business.privacy.sendReceipt);
    if (said) for (const part of ["hvornår", "telefonnummer", "slettet", "gentager ellers intet"]) expect(text, part).toContain(part);
  });
});
