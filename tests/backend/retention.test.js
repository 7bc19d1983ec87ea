// Retention is one setting (privacy in site/_data/business.yaml): the privacy page promises it, and a
// database brought up to date, or given a new copy of the site's facts, enforces the same periods,
// whatever the firm sets them to.
import { describe, expect, it } from "vitest";
import { saveSiteFactsSql } from "../../dev/local/site-facts-sql.js";
import { loadData } from "../../site/_lib/load-data.js";
import { siteFactsFile } from "../../site/_lib/site-facts.js";
import { withPostgres15 } from "../support/databases.js";

const business = loadData("business");
/** The statement the functions run on a new copy of the site's facts with these periods (site-facts.ts). */
const publish = (/** @type {{ requestRetentionMonths: number, clientDataRetentionDays: number }} */ periods) =>
  saveSiteFactsSql(siteFactsFile({ ...business, privacy: { ...business.privacy, ...periods } }, loadData("areas")));

const db = withPostgres15();

/** The periods the database deletes by, as months and days. */
async function enforced() {
  const rows = await db.sql.unsafe(`select (extract(year from quote_requests) * 12 + extract(month from quote_requests))::int as months,
    extract(day from client_data)::int as days from public.retention_settings`);
  return rows[0];
}

describe("retention", () => {
  it("a database brought up to date deletes by the periods business.yaml promises", async () => {
    expect(await enforced()).toEqual({ months: business.privacy.requestRetentionMonths, days: business.privacy.clientDataRetentionDays });
  });

  it("a firm's new period (6 months) is what the database then enforces: a 7-month-old request is deleted, a 5-month-old one kept", async () => {
    await db.sql.unsafe(publish({ requestRetentionMonths: 6, clientDataRetentionDays: 3 }));
    expect(await enforced()).toEqual({ months: 6, days: 3 });
    const columns = await db.sql.unsafe(
      "select column_name from information_schema.columns where table_name = 'retention_settings' and column_default is not null and column_name <> 'id'",
    );
    // No default in the schema: the periods exist in one place only.
    expect(columns).toEqual([]);
    await db.sql.unsafe(`insert into quote_requests (name, phone, email, location, message, client_ip_hash, received_at)
      select 'Test Testesen', '12345678', 'test@example.dk', 'Køge', 'En test af sletningen', 'hash', now() - make_interval(months => m)
      from unnest(array[5, 7]) as m`);
    await db.sql.unsafe("select public.purge_expired_quote_data()");
    const rows = await db.sql.unsafe("select (extract(month from age(now(), received_at)))::int as age from quote_requests");
    expect(rows).toEqual([{ age: 5 }]);
  });
});
