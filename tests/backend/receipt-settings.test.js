// The customer's receipt states facts of site/_data that the function, deployed from supabase/ alone,
// reads from the database: a database brought up to date holds the site's copy, the function's schema
// reads what the site's facts file holds, a new copy of that file writes it, and verify:deploy fails
// when they differ.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDatabase } from "../../dev/local/database.js";
import { saveSiteFactsSql } from "../../dev/local/site-facts-sql.js";
import { receiptSettingsCheck } from "../../operator/verify-deploy/receipt-check.js";
import { loadData } from "../../site/_lib/load-data.js";
import { siteFacts, siteFactsFile } from "../../site/_lib/site-facts.js";
import { siteFactsSchema } from "../../supabase/functions/_shared/site-facts.ts";

const business = loadData("business");
const areas = loadData("areas");

/** @type {Awaited<ReturnType<typeof startDatabase>>} */
let database;
beforeAll(async () => {
  database = await startDatabase({ port: 0 });
});
afterAll(() => database?.stop());

const stored = async () => (await database.db.query("select send, facts from public.receipt_settings")).rows;
const check = (/** @type {any} */ site = business, /** @type {any[]} */ siteAreas = areas) =>
  receiptSettingsCheck({ databaseUrl: database.url, business: site, areas: siteAreas });

describe("the receipt's settings", () => {
  it("a database brought up to date holds the site's facts and setting, in the shape the function reads", async () => {
    const [row] = await stored();
    expect(row.send).toBe(business.privacy.sendReceipt);
    expect(siteFactsSchema.parse(row.facts)).toEqual(siteFacts(business, areas));
    expect(row.facts.areas.map((/** @type {{ name: string }} */ area) => area.name)).toEqual(areas.map((area) => area.name));
    expect((await check()).ok).toBe(true);
  });

  it("verify:deploy fails, naming the site's facts file, when the database's copy differs from the site", async () => {
    const renamed = { ...business, responseTimes: { ...business.responseTimes, quoteAfterInspection: "inden for en uge" } };
    const fewer = areas.slice(1);
    const off = { ...business, privacy: { ...business.privacy, sendReceipt: !business.privacy.sendReceipt } };
    /** @type {[any, any[], RegExp][]} */
    const cases = [
      [renamed, areas, /responseTimes/],
      [business, fewer, /areas/],
      [off, areas, /receipts (on|off)/],
    ];
    for (const [site, siteAreas, detail] of cases) {
      const result = await check(site, siteAreas);
      expect(result.ok).toBe(false);
      expect(result.detail).toMatch(detail);
      expect(result.fix).toContain("site-facts.json");
    }
    await database.db.exec("delete from public.receipt_settings");
    expect((await check()).detail).toMatch(/no receipt_settings row/);
    await database.db.exec(saveSiteFactsSql());
    expect((await check()).ok).toBe(true);
  });

  it("a text with quotes reaches the database as written", async () => {
    await database.db.exec(saveSiteFactsSql(siteFactsFile({ ...business, brand: "O'Brien's El; drop table x; --" }, areas)));
    expect((await stored())[0].facts.brand).toBe("O'Brien's El; drop table x; --");
    await database.db.exec(saveSiteFactsSql());
  });
});
