// The period an operator command asks for, as whole Copenhagen calendar days: `--month YYYY-MM`, or
// `--from YYYY-MM-DD` and/or `--to YYYY-MM-DD` (both days included), or by default the last 30 days.
// The database turns the days into moments in Europe/Copenhagen (leadsInPeriod), so a lead at 00:30
// Danish time on the 1st belongs to the 1st.
import { addDays, copenhagenDay } from "../../supabase/functions/_shared/copenhagen-time.js";

/** @typedef {{ from: string, to: string }} Period  first and last day, 'YYYY-MM-DD', both included */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** @param {string} text */
const isDay = (text) => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/**
 * The first and last day of a month 'YYYY-MM'.
 * @param {string} month
 * @returns {Period}
 */
export function monthPeriod(month) {
  const [year, number] = month.split("-").map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/**
 * The calendar month before the one a day is in: '2026-10' for '2026-11-01'.
 * @param {string} today 'YYYY-MM-DD'
 */
export const previousMonth = (today) => addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

/**
 * The month a statement is for: --month, else the last whole month; throws a Danish sentence otherwise.
 * @param {{ month?: string, from?: string, to?: string }} options
 * @param {string} [today] 'YYYY-MM-DD' in Copenhagen
 */
export function statementMonth({ month, from, to }, today = copenhagenDay()) {
  if (from !== undefined || to !== undefined)
    throw new Error("En opgørelse pr. partner gælder en hel måned: skriv --month, fx --month 2026-11.");
  if (month === undefined) return previousMonth(today);
  if (!MONTH.test(month)) throw new Error(`--month skal være et år og en måned, fx 2026-11 (ikke "${month}").`);
  return month;
}

/**
 * The period the options name; throws a Danish sentence for a malformed one.
 * @param {{ month?: string, from?: string, to?: string }} options
 * @param {string} [today] 'YYYY-MM-DD' in Copenhagen
 * @returns {Period}
 */
export function parsePeriod({ month, from, to }, today = copenhagenDay()) {
  if (month !== undefined) {
    if (from !== undefined || to !== undefined) throw new Error("Skriv enten --month eller --from/--to, ikke begge.");
    if (!MONTH.test(month)) throw new Error(`--month skal være et år og en måned, fx 2026-11 (ikke "${month}").`);
    return monthPeriod(month);
  }
  for (const [name, value] of [
    ["--from", from],
    ["--to", to],
  ])
    if (value !== undefined && !isDay(value)) throw new Error(`${name} skal være en dato, fx 2026-11-01 (ikke "${value}").`);
  const last = to ?? today;
  const first = from ?? addDays(last, -29);
  if (first > last) throw new Error(`--from (${first}) ligger efter --to (${last}).`);
  return { from: first, to: last };
}
