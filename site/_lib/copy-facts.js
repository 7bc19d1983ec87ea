// The firm's facts inside copy written in data files. Copy never types an opening hour or a response
// time: it names it as a placeholder, and the build fills it in from site/_data/business.yaml, so a
// changed fact changes every sentence that states it, and a town's promise always fits its distance.
import { daNumber, hoursText } from "./format.js";
import { priceNamed, priceText } from "./prices.js";

/**
 * @typedef {{ homeAreaKm: number, acuteHomeArea: string, acuteSurroundingTowns: string,
 *   quoteAfterInspection: string, workAfterInspection: string }} ResponseTimes
 * @typedef {{ hours: { workdays: any, phone: any }, responseTimes: ResponseTimes,
 *   serviceArea: { radiusMeters: number }, address: { town: string },
 *   guarantees: { warrantyYears: number }, figures: { yearsExperience: number, projects: number } }} Facts
 */

/** Figures of the firm typed by hand ("5 års garanti", "500 opgaver"); copy writes {garanti}, {erfaring}, {opgaver}. */
export const HAND_TYPED_FIGURE = /\d+\s*års\s+(garanti|erfaring)|\d[\d.]*\+?\s*(opgaver|projekter|kunder|events)\b/i;

/**
 * How many jobs the firm has done, said one way everywhere: "mere end 500 opgaver" (business.yaml's figures.projects).
 * @param {Facts} business
 */
export function projectsText(business) {
  return `mere end ${daNumber(business.figures.projects)} opgaver`;
}

/** How the site measures a town's distance from the base, said wherever a distance stands: from the coordinates. */
export const CROW_FLIES = "i lige linje";

/**
 * How far the firm drives, said one way everywhere: "cirka 50 km fra Tureby" (business.yaml's serviceArea).
 * @param {Facts} business
 */
export function reachText(business) {
  return `cirka ${daNumber(business.serviceArea.radiusMeters / 1000)} km fra ${business.address.town}`;
}

/** Response times typed by hand ("2–4 timer", "3-5 hverdage", "næste hverdag", "24 timer"); data-file copy uses placeholders instead. */
export const HAND_TYPED_RESPONSE_TIME = /\d+\s*[–-]\s*\d+\s*(timer|hverdage|arbejdsdage)|næste hverdag|\b24 timer/i;

/** An amount in kroner typed by hand ("9.500 kr."); copy writes {pris:Ny eltavle}, from prices.yaml. */
export const HAND_TYPED_PRICE = /\d\s*kr\b/i;

/** A distance typed by hand ("10 km", "kun 12 km"); area copy writes {afstand}, measured from the coordinates. */
export const HAND_TYPED_DISTANCE = /\d\s*km\b/i;

/**
 * Whether a town is in the home area, where an acute call-out takes hours rather than a weekday.
 * @param {{ distance: number }} area
 * @param {Facts} business
 */
export function isHomeArea(area, business) {
  return area.distance <= business.responseTimes.homeAreaKm;
}

/**
 * The acute call-out promise that fits a town's distance from the base.
 * @param {{ distance: number }} area
 * @param {Facts} business
 */
export function acutePromise(area, business) {
  const times = business.responseTimes;
  return isHomeArea(area, business) ? times.acuteHomeArea : times.acuteSurroundingTowns;
}

/**
 * The `count` nearest towns inside the home area (`home` true) or beyond it, for copy that names examples.
 * @template {{ distance: number, distanceExact: number }} Area
 * @param {Area[]} areas
 * @param {Facts} business
 * @param {boolean} home
 * @param {number} count
 */
export function townsByReach(areas, business, home, count) {
  return areas
    .filter((area) => isHomeArea(area, business) === home)
    .sort((a, b) => a.distanceExact - b.distanceExact)
    .slice(0, count);
}

/** The placeholders copy may write everywhere, and those only an area page fills (they need its town). */
export const PLACEHOLDERS = {
  everywhere: ["arbejdstid", "telefontid", "rækkevidde", "garanti", "erfaring", "opgaver"],
  area: ["akut", "afstand", "tilbud", "opstart"],
};
/** A price named in copy by its title in prices.yaml: {pris:Ny eltavle}. */
export const PRICE_PLACEHOLDER = /^pris:(.+)$/;

/**
 * Fills the placeholders of data-file copy: {arbejdstid}, {telefontid}, {rækkevidde} (how far we
 * drive, "cirka 50 km fra Tureby"), the firm's figures {garanti} ("5 års garanti"), {erfaring} ("over
 * 15 års erfaring") and {opgaver} ("mere end 500 opgaver"), and {pris:Titel} (a price of prices.yaml by its title, written as the
 * price lists write it) everywhere, and on an area page {akut} (the acute promise for that town),
 * {afstand} (its distance from the base, "13 km i lige linje", measured from the coordinates), {tilbud}
 * (a quote after an inspection report) and {opstart} (work after an inspection). A placeholder that is
 * unknown, a price that is not in the list, or an area placeholder outside an area page throws: the build
 * stops rather than print a brace (the content check names the town and field first:
 * site/_lib/data-references.js).
 * @param {string} text
 * @param {{ business: Facts, prices?: import("./data-types.js").Prices }} data
 * @param {{ name: string, distance: number }} [area]
 */
export function withFacts(text, { business, prices }, area) {
  /** @type {Record<string, string>} */
  const facts = {
    arbejdstid: hoursText(business.hours.workdays),
    telefontid: hoursText(business.hours.phone),
    rækkevidde: reachText(business),
    garanti: `${business.guarantees.warrantyYears} års garanti`,
    erfaring: `over ${business.figures.yearsExperience} års erfaring`,
    opgaver: projectsText(business),
  };
  if (area) {
    facts.akut = acutePromise(area, business);
    facts.afstand = `${area.distance} km ${CROW_FLIES}`;
    facts.tilbud = business.responseTimes.quoteAfterInspection;
    facts.opstart = business.responseTimes.workAfterInspection;
  }
  const where = area ? `the copy of ${area.name}` : "copy outside an area page";
  return text.replace(/\{([^{}]*)\}/g, (placeholder, name) => {
    if (name in facts) return facts[name];
    const title = PRICE_PLACEHOLDER.exec(name)?.[1];
    const price = title && prices && priceNamed(prices, title);
    if (price) return priceText(price);
    if (title) throw new Error(`${where}: ${placeholder} names no price of site/_data/prices.yaml in "${text}"`);
    throw new Error(`${where}: unknown placeholder ${placeholder} (known: ${Object.keys(facts).join(", ")}, pris:…) in "${text}"`);
  });
}
