// CSV the firm opens in Excel on a Danish computer: semicolons between fields (Danish Excel's list
// separator, since the comma is its decimal sign), UTF-8 with a byte-order mark (without it Excel reads
// æ, ø and å as two characters each), CRLF line ends, and every field in quotes. A field a visitor wrote
// that starts with = + - @ (or a tab or carriage return) gets a leading apostrophe, so Excel shows it as
// text and never runs it as a formula (OWASP "CSV Injection").

const FORMULA_START = /^[=+\-@\t\r]/;

/** @param {unknown} value */
const field = (value) => {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${(FORMULA_START.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

/**
 * The CSV text of a header row and data rows, with the byte-order mark in front.
 * @param {string[]} header
 * @param {unknown[][]} rows
 */
export function toCsv(header, rows) {
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(";")).join("\r\n")}\r\n`;
}
