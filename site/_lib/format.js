// Danish formatting of numbers and dates, and the safe printing of JSON-LD, for the templates' filters.

const number = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1 });
const yearMonth = new Intl.DateTimeFormat("da-DK", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * Formats a number the Danish way (4.9 as "4,9", 50000 as "50.000").
 * @param {number} value
 */
export function daNumber(value) {
  return number.format(value);
}

/**
 * Formats a year-month such as "2024-09" in Danish ("september 2024").
 * @param {string} value
 */
export function monthYear(value) {
  return yearMonth.format(new Date(`${value}-01T00:00:00Z`));
}

/**
 * Prints a JSON-LD object for a <script type="application/ld+json"> block, escaping "<" so no value can
 * end the element.
 * @param {unknown} value
 */
export function jsonLd(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * One kind of hours from site/_data/business.yaml in the site's one Danish format, "mandag–fredag kl.
 * 7.00–17.00" (after a colon or mid-sentence), or capitalised when it starts a line.
 * @param {{ label: string, opens: string, closes: string }} hours
 * @param {boolean} [capitalised]
 */
export function hoursText(hours, capitalised = false) {
  /** @param {string} time */
  const clock = (time) => time.replace(/^0(\d)/, "$1").replace(":", ".");
  const text = `${hours.label} kl. ${clock(hours.opens)}–${clock(hours.closes)}`;
  return capitalised ? text.replace(/^./, (letter) => letter.toUpperCase()) : text;
}
