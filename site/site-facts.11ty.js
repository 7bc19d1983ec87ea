// /site-facts.json: the firm's facts the functions read from the site (site/_lib/site-facts.js).
import { siteFactsFile } from "./_lib/site-facts.js";

export const data = { permalink: "/site-facts.json", eleventyExcludeFromCollections: true };

/** @param {{ business: import("./_lib/data-types.js").Business, areas: import("./_lib/data-types.js").Area[] }} data */
export function render({ business, areas }) {
  return `${JSON.stringify(siteFactsFile(business, areas), null, 2)}\n`;
}
