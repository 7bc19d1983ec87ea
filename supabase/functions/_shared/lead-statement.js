// A month's statement of leads as the firm reads it, from the database's lead_statement() (the baseline
// migration: counted in Copenhagen time, deleted rows kept as counts): per partner, per page, and the
// totals, with the leads won and lost as they stand, in Danish tables and the CSV for accounting. Plain
// JavaScript, shared by the monthly e-mail (Deno), the inbox (Deno) and `npm run leads -- --by-partner`
// (Node), so all say the same.
import { danishDay } from "./copenhagen-time.js";
import { toCsv } from "./csv.js";

/**
 * @typedef {{ partner_id: string, partner_name: string | null, page: string, leads: number, held: number, undelivered: number,
 *   first_day: string | null, last_day: string | null, won: number, lost: number }} StatementRow  one partner and page, as
 *   lead_statement() answers (days 'YYYY-MM-DD')
 * @typedef {{ key: string, label: string, leads: number, held: number, undelivered: number, firstDay: string | null, lastDay: string | null,
 *   won: number, lost: number }} StatementLine
 */

/** What the statement counts, in the firm's words (the migration defines it the same way). */
export const WHAT_COUNTS =
  "En forespørgsel er én gemt henvendelse fra en kunde; den samme sendt igen tæller én gang, og test fra npm run verify:deploy tæller ikke. " +
  "Forespørgsler holdt tilbage (for mange fra samme e-mailadresse inden for en time) tælles for sig. " +
  "Vundet og tabt er forespørgslerne, som de står i indbakken nu; en slettet forespørgsel, som den stod, da den blev slettet. " +
  "Dage og måneder er dansk tid.";

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
    line.won += row.won;
    line.lost += row.lost;
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
  return textTable(
    ["Partner", "Forespørgsler", "Første", "Seneste", "Holdt tilbage", "Vundet", "Tabt"],
    [...byPartner(rows), all].map((line) => [
      line.label,
      line.leads,
      dayText(line.firstDay),
      dayText(line.lastDay),
      line.held,
      line.won,
      line.lost,
    ]),
  );
}

/**
 * The statement per page as a Danish table.
 * @param {StatementRow[]} rows
 */
export function pageTable(rows) {
  return textTable(
    ["Side", "Forespørgsler", "Vundet", "Tabt"],
    byPage(rows).map((line) => [line.label, line.leads, line.won, line.lost]),
  );
}

/**
 * The month's statement per partner as CSV for accounting (./csv.js): days as YYYY-MM-DD in Copenhagen.
 * @param {string} month 'YYYY-MM'
 * @param {StatementRow[]} rows
 */
export function statementCsv(month, rows) {
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
    line.won,
    line.lost,
  ];
  return toCsv(
    ["Måned", "Partner-id", "Partner", "Forespørgsler", "Første", "Seneste", "Holdt tilbage", "Ikke leveret", "Vundet", "Tabt"],
    [...byPartner(rows).map(cells), cells(totals(rows))],
  );
}
