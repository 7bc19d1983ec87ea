// How much of an area page is text every area page has: search engines treat pages that differ only in
// the town's name as doorway pages. Used by tests/site/area-pages.test.js, which prints the share of
// every area page and keeps it under the bar.
//
// Measured word by word, not block by block: a sentence every page has with one word changed ("Kun 10 km
// fra Tureby, vi kommer også til små opgaver" beside "19 km fra Tureby, planlagte opgaver …") is still
// mostly the same words, which whole blocks compared for equality would count as the page's own. A word
// is shared when it stands in a run of SHINGLE words that all, or all but one, of the other area pages
// also have; the town's name, postcode and distances count as one placeholder each.
import { parse } from "node-html-parser";

/** The length of the runs of words compared: three, so that a short formula ("fast pris før") counts, and a chance pair does not. */
const SHINGLE = 3;

/**
 * The words of a page's <main> as a visitor reads them, lower case, with the town's name, postcode and
 * distances replaced by placeholders. The quote form's and the call-back form's own labels, hints and
 * privacy line are left out: like the header and footer, they are the site's interface, the same on every
 * page that has the forms, not what the page says about its town.
 * @param {string} html
 * @param {{ name: string, postalCode: string }} area
 */
export function pageWords(html, area) {
  const main = parse(html).querySelector("main");
  if (!main) throw new Error("the page has no <main>");
  for (const form of main.querySelectorAll("elektriker-quote-form, elektriker-callback-form, script, style")) form.remove();
  const literal = (/** @type {string} */ value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const text = main.textContent
    .replace(/\s+/g, " ")
    .replace(new RegExp(literal(area.name), "g"), " {by} ")
    .replace(new RegExp(`\\b${area.postalCode}\\b`, "g"), " {postnr} ")
    .replace(/\d+(,\d+)?\s?km\b/g, " {afstand} ");
  return text.toLowerCase().match(/\{[a-z]+\}|[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * For each page (`{ key, words }`), the share of its words that stand in a run of SHINGLE words that all,
 * or all but one, of the other pages also have.
 * @param {{ key: string, words: string[] }[]} pages
 */
export function templateShares(pages) {
  const runsOf = (/** @type {string[]} */ words) =>
    words.slice(0, Math.max(0, words.length - SHINGLE + 1)).map((_, at) => words.slice(at, at + SHINGLE).join(" "));
  /** @type {Map<string, number>} */
  const seenOn = new Map();
  for (const { words } of pages) for (const run of new Set(runsOf(words))) seenOn.set(run, (seenOn.get(run) ?? 0) + 1);
  const bar = Math.max(2, pages.length - 1); // the page itself and all or all but one of the others
  return pages.map(({ key, words }) => {
    const shared = new Array(words.length).fill(false);
    runsOf(words).forEach((run, at) => {
      if ((seenOn.get(run) ?? 0) >= bar) for (let word = at; word < at + SHINGLE; word++) shared[word] = true;
    });
    const count = shared.filter(Boolean).length;
    return { key, share: words.length ? count / words.length : 0, shared: count, total: words.length };
  });
}
