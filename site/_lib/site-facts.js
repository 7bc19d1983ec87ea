// The firm's facts the backend needs, as the site publishes them at /site-facts.json (site/site-facts.11ty.js):
// the phone number its answers give, what the customer's receipt states and whether it is sent, the
// retention the privacy page promises, and the settings of the free inspections visitors book. The
// functions deploy from supabase/ alone and cannot read site/_data, so they read this file from the
// site (supabase/functions/_shared/site-facts.ts, which validates it against the same shape): one publish
// changes pages, answers, receipts, retention and the free times.
import { createHash } from "node:crypto";
import { isHomeArea } from "./copy-facts.js";
import { hoursText } from "./format.js";
import { loadData } from "./load-data.js";

/** The file's format; the functions refuse another. */
export const SITE_FACTS_VERSION = 1;

/**
 * A processor as the access letter names it.
 * @param {{ name: string, kind: string, region: string }} processor
 */
const processor = ({ name, kind, region }) => ({ name, kind, region });

/**
 * The facts as the functions read them (supabase/functions/_shared/site-facts.ts siteFactsSchema).
 * @param {any} [business] site/_data/business.yaml, validated
 * @param {any[]} [areas] site/_data/areas.yaml, validated
 */
export function siteFacts(business = loadData("business"), areas = loadData("areas")) {
  const times = business.responseTimes;
  return {
    phone: business.phone.display,
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
    // The coordinates give the drive between two booked visits (supabase/functions/_shared/booking-slots.ts).
    areas: areas.map((area) => ({
      name: area.name,
      postalCode: area.postalCode,
      home: isHomeArea(area, business),
      latitude: area.latitude,
      longitude: area.longitude,
    })),
    // What the booking of a free inspection needs (/besigtigelse): where the firm drives from, the
    // settings of business.yaml's `inspections`, and the days it is closed.
    base: { latitude: business.geo.latitude, longitude: business.geo.longitude },
    inspections: business.inspections,
    closedDays: business.hours.closedDays.map((/** @type {{ date: string }} */ day) => day.date),
    // Who the firm is, as a customer's access letter states it (supabase/functions/_shared/access-letter.js,
    // which the inbox writes from these facts and scripts/forget-requester.js from the same function).
    controller: {
      legalName: business.identity.legalName,
      cvr: business.identity.cvr,
      street: business.address.street,
      postalCode: business.address.postalCode,
      town: business.address.town,
      processors: {
        database: processor(business.processors.database),
        mail: processor(business.processors.mail),
      },
    },
    sendReceipt: business.privacy.sendReceipt === true,
    retention: {
      requestMonths: business.privacy.requestRetentionMonths,
      clientDataDays: business.privacy.clientDataRetentionDays,
    },
  };
}

/**
 * The published file: the facts, the SHA-256 of their JSON (what tells two copies apart, and a file cut
 * short from a whole one) and when the build made it.
 * @param {any} [business]
 * @param {any[]} [areas]
 * @param {Date} [builtAt]
 */
export function siteFactsFile(business = loadData("business"), areas = loadData("areas"), builtAt = new Date()) {
  const facts = siteFacts(business, areas);
  const hash = createHash("sha256").update(JSON.stringify(facts)).digest("hex");
  return { version: SITE_FACTS_VERSION, hash, builtAt: builtAt.toISOString(), facts };
}
