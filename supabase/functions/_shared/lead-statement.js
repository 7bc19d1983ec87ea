// A month's statement of leads as the firm reads it, from the database's lead_statement() (migration
// the baseline: counted in Copenhagen time, deleted rows kept as counts): per partner, per
// page, and the totals, with Danish tables and the CSV for accounting. Plain JavaScript, shared by the
// monthly e-mail (Deno), the inbox (Deno) and `npm run leads -- --by-partner` (Node), so all say the
// same. Where the rows carry won and lost (lead_statement_with_outcomes(), the inbox's migration), the
// tables and the CSV show them too.
import { danishDay } from "./copenhagen-time.js";
import { toCsv } from "./csv.js";

/**
 * @typedef {{ partner_id: string, partner_name: string | null, page: string, leads: number, held: number, undelivered: number,
 *   first_day: string | null, last_day: string | null, won?: number, lost?: number }} StatementRow  one partner and page, as
 *   lead_statement() answers (days 'YYYY-MM-DD'); won and lost from lead_statement_with_outcomes()
 * @typedef {{ key: string, label: string, leads: number, held: number, undelivered: number, firstDay: string | null, lastDay: string | null,
 *   won: number, lost: number }} StatementLine
 */

/** What the statement counts, in the firm's words (the migration defines it the same way). */
export const WHAT_COUNTS =
  "En forespørgsel er én gemt henvendelse fra en kunde; den samme sendt igen tæller én gang, og test fra npm run verify:deploy tæller ikke. " +
  "Forespørgsler holdt tilbage (for mange fra samme e-mailadresse inden for en time) tælles for sig. Dage og måneder er dansk tid.";

/**
 * The partner's name as the statement shows it: the name registered, else its id; the firm's own site.
 * @param {StatementRow} row
 */
export const partnerLabel = (row) => (row.partner_id === "" ? "Egen hjemmeside" : (row.partner_name ?? row.partner_id));

/**
 * The rows summed by a key: one line per partner, or per page.
 * @param {StatementRow[]} rows
 * @param {(row: StatementRow) => string} keyOf
 * @param {(row: StatementRow) => string} labelOf
 * @returns {StatementLine[]} most leads first
 */
function sumBy(rows, keyOf, labelOf) {
  /** @type {Map<string, StatementLine>} */
  const lines = new Map();
  for (const row of rows) {
    const key = keyOf(row);
    const line = lines.get(key) ?? {
      key,
      label: labelOf(row),
      leads: 0,
      held: 0,
      undelivered: 0,
      firstDay: null,
      lastDay: null,
      won: 0,
      lost: 0,
    };
    line.leads += row.leads;
    line.held += row.held;
    line.undelivered += row.undelivered;
    line.won += row.won ?? 0;
    line.lost += row.lost ?? 0;
    if (row.first_day && (!line.firstDay || row.first_day < line.firstDay)) line.firstDay = row.first_day;
    if (row.last_day && (!line.lastDay || row.last_day > line.lastDay)) line.lastDay = row.last_day;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label, "da"));
}

/**
 * One line per partner (the firm's own site is one of them).
 * @param {StatementRow[]} rows
 */
export const byPartner = (rows) => sumBy(rows, (row) => row.partner_id, partnerLabel);

/**
 * One line per page the requests came from.
 * @param {StatementRow[]} rows
 */
export const byPage = (rows) =>
  sumBy(
    rows,
    (row) => row.page,
    (row) => row.page || "(ukendt side)",
  );

/**
 * The month's totals.
 * @param {StatementRow[]} rows
 */
export const totals = (rows) =>
  sumBy(
    rows,
    () => "",
    () => "I alt",
  )[0] ?? { key: "", label: "I alt", leads: 0, held: 0, undelivered: 0, firstDay: null, lastDay: null, won: 0, lost: 0 };

/**
 * Whether the rows say how the leads ended (won, lost).
 * @param {StatementRow[]} rows
 */
const withOutcomes = (rows) => rows.some((row) => row.won !== undefined);

/** @param {string | null} day */
const dayText = (day) => (day ? danishDay(day) : "–");

/**
 * A plain-text table with aligned columns: text to the left, numbers to the right.
 * @param {string[]} header
 * @param {(string | number)[][]} rows
 */
export function textTable(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  /** @param {(string | number)[]} row */
  const line = (row) =>
    row
      .map((cell, column) => (typeof cell === "number" ? String(cell).padStart(widths[column]) : String(cell).padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * The statement per partner as a Danish table: partner, leads, first and last day, and the total.
 * @param {StatementRow[]} rows
 */
export function partnerTable(rows) {
  const all = totals(rows);
  const outcomes = withOutcomes(rows);
  return textTable(
    ["Partner", "Forespørgsler", "Første", "Seneste", "Holdt tilbage", ...(outcomes ? ["Vundet", "Tabt"] : [])],
    [...byPartner(rows), all].map((line) => [
      line.label,
      line.leads,
      dayText(line.firstDay),
      dayText(line.lastDay),
      line.held,
      ...(outcomes ? [line.won, line.lost] : []),
    ]),
  );
}

/**
 * The statement per page as a Danish table.
 * @param {StatementRow[]} rows
 */
export function pageTable(rows) {
  const outcomes = withOutcomes(rows);
  return textTable(
    ["Side", "Forespørgsler", ...(outcomes ? ["Vundet", "Tabt"] : [])],
    byPage(rows).map((line) => [line.label, line.leads, ...(outcomes ? [line.won, line.lost] : [])]),
  );
}

/**
 * The month's statement per partner as CSV for accounting (./csv.js): days as YYYY-MM-DD in Copenhagen.
 * @param {string} month 'YYYY-MM'
 * @param {StatementRow[]} rows
 */
export function statementCsv(month, rows) {
  const outcomes = withOutcomes(rows);
  /** @param {StatementLine} line */
  const cells = (line) => [
    month,
    line.key,
    line.label,
    line.leads,
    line.firstDay ?? "",
    line.lastDay ?? "",
    line.held,
    line.undelivered,
    ...(outcomes ? [line.won, line.lost] : []),
  ];
  return toCsv(
    [
      "Måned",
      "Partner-id",
      "Partner",
      "Forespørgsler",
      "Første",
      "Seneste",
      "Holdt tilbage",
      "Ikke leveret",
      ...(outcomes ? ["Vundet", "Tabt"] : []),
    ],
    [...byPartner(rows).map(cells), cells(totals(rows))],
  );
}
