// What `npm run verify:deploy` checks of the customer's receipt: the database's copy of the site's facts
// and setting (public.receipt_settings, which the function reads) is the one site/_data gives today.
// The functions write it from the site's /site-facts.json (site/_lib/site-facts.js): a site that was not
// published again, or whose file the functions refuse, shows here.
import postgres from "postgres";
import { tlsOptions } from "../database-client.js";
import { siteFacts } from "../../site/_lib/site-facts.js";

/** @typedef {import("./site-checks.js").Check} Check */

/** JSON with every object's keys in order: jsonb keeps no key order of its own. */
const sorted = (/** @type {unknown} */ value) =>
  JSON.stringify(value, (_key, item) =>
    item && typeof item === "object" && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort()) : item,
  );

/**
 * The database's receipt settings against the site's data.
 * @param {{ databaseUrl: string, business: any, areas?: any[] }} options
 * @returns {Promise<Check>}
 */
export async function receiptSettingsCheck({ databaseUrl, business, areas }) {
  const { url, ssl } = tlsOptions(databaseUrl);
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
  try {
    const [row] = await sql`select send, facts from receipt_settings`;
    const send = business.privacy.sendReceipt === true;
    const facts = /** @type {Record<string, unknown>} */ (siteFacts(business, areas));
    const differing = row ? Object.keys(facts).filter((key) => sorted(row.facts?.[key]) !== sorted(facts[key])) : [];
    return {
      title: `The customer's receipt is ${send ? "on" : "off"} and states the site's facts, as business.yaml and areas.yaml say`,
      ok: Boolean(row) && row.send === send && differing.length === 0,
      detail: !row
        ? "no receipt_settings row: no receipt is sent"
        : row.send !== send
          ? `the database has receipts ${row.send ? "on" : "off"}`
          : `differs in: ${differing.join(", ") || "nothing"}`,
      fix: "Build and upload the site: the functions read its /site-facts.json and write it into the database on the next scheduled run (see the check of the backend's copy of the site's facts).",
    };
  } finally {
    await sql.end({ timeout: 1 });
  }
}
