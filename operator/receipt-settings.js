// The customer's receipt states facts of site/_data (the firm's name, e-mail, hours, response times, areas)
// and is sent only while business.yaml's `privacy.sendReceipt` is true. The function deploys from
// supabase/ alone and cannot read site/_data, so this statement copies them into public.receipt_settings,
// where the function reads them for every receipt: every local database gets it right after its
// migrations (dev/local/migrations.js), a deployed one through `npm run retention`, and
// `npm run verify:deploy` says when a deployed copy differs from the site.
import { isHomeArea } from "../site/_lib/copy-facts.js";
import { hoursText } from "../site/_lib/format.js";
import { loadData } from "../site/_lib/load-data.js";

/**
 * The receipt's facts as the function reads them (supabase/functions/_shared/receipt-text.ts receiptFactsSchema).
 * @param {any} [business] site/_data/business.yaml, validated
 * @param {any[]} [areas] site/_data/areas.yaml, validated
 */
export function receiptFacts(business = loadData("business"), areas = loadData("areas")) {
  const times = business.responseTimes;
  return {
    brand: business.brand,
    email: business.email,
    baseTown: business.address.town,
    phoneHours: hoursText(business.hours.phone),
    emergency: business.hours.emergency,
    responseTimes: {
      acuteHomeArea: times.acuteHomeArea,
      acuteSurroundingTowns: times.acuteSurroundingTowns,
      quoteAfterInspection: times.quoteAfterInspection,
      workAfterInspection: times.workAfterInspection,
    },
    // `home` says which of the two acute promises is a town's (the area pages make the same choice).
    areas: areas.map((area) => ({ name: area.name, postalCode: area.postalCode, home: isHomeArea(area, business) })),
  };
}

/** A text as an SQL string literal (standard_conforming_strings is on in every supported Postgres). */
const literal = (/** @type {string} */ text) => `'${text.replaceAll("'", "''")}'`;

/**
 * The statement that makes the database's receipt settings the site's.
 * @param {any} [business]
 * @param {any[]} [areas]
 */
export function receiptSettingsSql(business = loadData("business"), areas = loadData("areas")) {
  const send = business.privacy.sendReceipt === true;
  const facts = JSON.stringify(receiptFacts(business, areas));
  return `insert into public.receipt_settings (id, send, facts) values (true, ${send}, ${literal(facts)}::jsonb)
    on conflict (id) do update set send = excluded.send, facts = excluded.facts;`;
}
