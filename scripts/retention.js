// `npm run retention`: puts the retention periods of site/_data/business.yaml (what the privacy page
// promises) into the database, which deletes by them. Connects to SUPABASE_DB_URL, or with --local to the
// local stack of `npm start`. Run it once after `supabase db push`, and again after changing the periods.
import { operatorDatabase } from "../operator/database-client.js";
import { retentionSql } from "../operator/retention.js";
import { receiptSettingsSql } from "../operator/receipt-settings.js";

const sql = operatorDatabase({ local: process.argv.slice(2).includes("--local") });
try {
  await sql.unsafe(retentionSql());
  const [row] = await sql`select (extract(year from quote_requests) * 12 + extract(month from quote_requests))::int as months,
    extract(day from client_data)::int as days from public.retention_settings`;
  console.log(`Databasen sletter nu forespørgsler efter ${row.months} måneder og IP-data efter ${row.days} dage.`);
  // The customer's receipt reads the site's facts from the database too: its setting and what it states.
  await sql.unsafe(receiptSettingsSql());
  const [receipt] = await sql`select send from public.receipt_settings`;
  console.log(
    receipt.send
      ? "Kunderne får en kvittering på e-mail med firmaets oplysninger, som de står i site/_data."
      : "Kunderne får ingen kvittering på e-mail (privacy.sendReceipt er slået fra).",
  );
} finally {
  await sql.end({ timeout: 1 });
}
