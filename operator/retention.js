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
  return `update public.retention_settings set quote_requests = make_interval(months => ${months}), client_data = make_interval(days => ${days});`;
}
