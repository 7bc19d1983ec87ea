// How old the newest review is, told by the build beside the examples left (site/_lib/examples.js): when
// every review on the site is more than a year old, a visitor may think no one has used the firm lately,
// so the firm hears it at every build until it adds a newer one (the CMS's *Anmeldelser*).
import { monthYear } from "./format.js";
import { loadData } from "./load-data.js";

/** How many months old the newest review may be before the build says so. */
export const REVIEW_MAX_AGE_MONTHS = 12;

/**
 * The Danish notice that the newest review is more than REVIEW_MAX_AGE_MONTHS months old, or "" when
 * it is not (or there are none).
 * @param {(name: string) => any} [load] reads a data file by name (the site's own by default)
 * @param {Date} [today] the build's day
 */
export function staleReviewsNotice(load = loadData, today = new Date()) {
  /** @type {string[]} */
  const dates = load("reviews").map((/** @type {{ date: string }} */ review) => review.date);
  if (dates.length === 0) return "";
  const newest = dates.reduce((a, b) => (a > b ? a : b));
  const [year, month] = newest.split("-").map(Number);
  const age = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1 - (year * 12 + month);
  if (age <= REVIEW_MAX_AGE_MONTHS) return "";
  return `Bemærk: Den nyeste anmeldelse er fra ${monthYear(newest)}, ${age} måneder siden. Læg nyere anmeldelser ind under Anmeldelser i CMS'et: er alle over et år gamle, kan det se ud, som om ingen har brugt jer længe.`;
}
