// How much of an area page is text every area page has:
// search engines treat pages that differ only in the town's name as doorway pages. Used by
// tests/site/area-pages.test.js, which prints the share of every area page and keeps it under the bar.
import { parse } from "node-html-parser";

const BLOCKS = "p, li, h1, h2, h3, h4, h5, h6, td, th, summary";

/**
 * The text blocks of a page's <main>, with the town's name, postcode and distances replaced by placeholders.
 * The quote form's and the call-back form's own labels, hints and privacy line are left out: like the
 * header and footer, they are the site's interface, the same on every page that has the forms, not what the
 * page says about its town.
 * @param {string} html
 * @param {{ name: string, postalCode: string }} area
 */
export function textBlocks(html, area) {
  const main = parse(html).querySelector("main");
  if (!main) throw new Error("the page has no <main>");
  for (const form of main.querySelectorAll("elektriker-quote-form, elektriker-callback-form")) form.remove();
  const literal = (/** @type {string} */ value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return main
    .querySelectorAll(BLOCKS)
    .filter((block) => block.querySelector(BLOCKS) === null)
    .map((block) =>
      block.textContent
        .replace(/\s+/g, " ")
        .trim()
        .replace(new RegExp(literal(area.name), "g"), "{by}")
        .replace(new RegExp(`\\b${area.postalCode}\\b`, "g"), "{postnr}")
        .replace(/\d+(,\d+)?\s?km\b/g, "{afstand}"),
    )
    .filter(Boolean);
}

/**
 * For each page (`{ key, blocks }`), the share of its characters in blocks that also appear on all, or all
 * but one, of the other pages.
 * @param {{ key: string, blocks: string[] }[]} pages
 */
export function templateShares(pages) {
  /** @type {Map<string, number>} */
  const seenOn = new Map();
  for (const { blocks } of pages) for (const block of new Set(blocks)) seenOn.set(block, (seenOn.get(block) ?? 0) + 1);
  const bar = Math.max(2, pages.length - 1); // the page itself and all or all but one of the others
  return pages.map(({ key, blocks }) => {
    const total = blocks.reduce((sum, block) => sum + block.length, 0);
    const shared = blocks.filter((block) => (seenOn.get(block) ?? 0) >= bar).reduce((sum, block) => sum + block.length, 0);
    return { key, share: total ? shared / total : 0, shared, total };
  });
}
