// A month's statement of leads per partner for the firm's accounting (`npm run leads -- --by-partner`):
// the database counts it in Copenhagen time and keeps the counts of deleted rows, with the leads won and
// lost (lead_statement()).
import { danishMonth } from "../../supabase/functions/_shared/copenhagen-time.js";
import { partnerTable, totals, WHAT_COUNTS } from "../../supabase/functions/_shared/lead-statement.js";

export { statementCsv } from "../../supabase/functions/_shared/lead-statement.js";

/** @typedef {import("../../supabase/functions/_shared/lead-statement.js").StatementRow} StatementRow */

/**
 * The statement rows of a month 'YYYY-MM' (per partner and page).
 * @param {import("postgres").Sql} sql
 * @param {string} month
 * @returns {Promise<StatementRow[]>}
 */
export async function monthStatement(sql, month) {
  return await sql`select * from public.lead_statement(${`${month}-01`}::date)`;
}

/**
 * The month's statement per partner as Danish text for the terminal (the CSV: statementCsv, re-exported above).
 * @param {string} month 'YYYY-MM'
 * @param {StatementRow[]} rows
 */
export function statementText(month, rows) {
  const { leads } = totals(rows);
  return [`Forespørgsler pr. partner i ${danishMonth(month)} (dansk tid): ${leads} i alt.`, "", partnerTable(rows), "", WHAT_COUNTS].join(
    "\n",
  );
}
