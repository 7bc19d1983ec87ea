// The entries the project ships as examples (the switch "Eksempel" on a price, a job or a review): the
// build says how many are left, so the firm does not go live with invented prices, jobs or customers'
// words (markedsføringsloven forbids presenting them as real).
import { loadData } from "./load-data.js";

/** The collections whose entries may be examples, with their Danish name in the CMS, one and many. */
const COLLECTIONS = [
  { name: "prices", one: "pris", many: "priser", list: (/** @type {any} */ data) => data.items },
  { name: "jobs", one: "opgave", many: "opgaver", list: (/** @type {any} */ data) => data },
  { name: "reviews", one: "anmeldelse", many: "anmeldelser", list: (/** @type {any} */ data) => data },
];

/**
 * The Danish notice of the examples left, or "" when there are none.
 * @param {(name: string) => any} [load] reads a data file by name (the site's own by default)
 */
export function examplesNotice(load = loadData) {
  const counts = COLLECTIONS.map(({ name, one, many, list }) => {
    const count = list(load(name)).filter((/** @type {{ example?: boolean }} */ entry) => entry.example).length;
    return { count, words: `${count} ${count === 1 ? one : many}` };
  }).filter(({ count }) => count > 0);
  if (counts.length === 0) return "";
  const left = counts.map(({ words }) => words);
  const named = left.length === 1 ? left[0] : `${left.slice(0, -1).join(", ")} og ${left.at(-1)}`;
  const what = counts.reduce((sum, { count }) => sum + count, 0) === 1 ? "et eksempel" : "eksempler";
  return `Bemærk: ${named} er stadig ${what}, som vi har skrevet (feltet Eksempel i CMS'et). Skriv jeres egne, og slå Eksempel fra, før siden går i luften.`;
}
