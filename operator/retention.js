// Retention is one setting: `privacy` in site/_data/business.yaml. The privacy page promises it, and the
// database enforces what this statement puts into public.retention_settings: every local database gets
// it right after its migrations (dev/local/migrations.js), a deployed one through `npm run retention`.
import { loadData } from "../site/_lib/load-data.js";

/**
 * The statement that makes the database's retention the site's.
 * @param {{ requestRetentionMonths: number, clientDataRetentionDays: number }} [privacy]
 */
export function retentionSql(privacy = loadData("business").privacy) {
  // Whole positive numbers, checked by the schema; Number() keeps anything else out of the statement.
  const months = Number(privacy.requestRetentionMonths);
  const days = Number(privacy.clientDataRetentionDays);
  if (!Number.isInteger(months) || !Number.isInteger(days)) throw new Error("retention must be whole months and days");
  // An upsert: a new database has no row until this has run (the migration keeps no copy of the periods).
  return `insert into public.retention_settings (id, quote_requests, client_data)
    values (true, make_interval(months => ${months}), make_interval(days => ${days}))
    on conflict (id) do update set quote_requests = excluded.quote_requests, client_data = excluded.client_data;`;
}
