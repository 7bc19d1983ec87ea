// The statement that gives a local database the site's facts as the functions would save them from
// /site-facts.json (public.save_site_facts, which also applies retention and the receipt's settings):
// every local database gets it right after its migrations (migrations.js), so the local stack and the
// tests start as a deployed database does once the functions have read the site. Tests pass other facts.
import { siteFactsFile } from "../../site/_lib/site-facts.js";

/** A text as an SQL string literal (standard_conforming_strings is on in every supported Postgres). */
const literal = (/** @type {string} */ text) => `'${text.replaceAll("'", "''")}'`;

/**
 * @param {{ hash: string, builtAt: string, facts: unknown }} [file] a site-facts file (site/_lib/site-facts.js)
 */
export function saveSiteFactsSql(file = siteFactsFile()) {
  return `select public.save_site_facts(${literal(JSON.stringify(file.facts))}::jsonb, ${literal(file.hash)}, ${literal(file.builtAt)}::timestamptz);`;
}
