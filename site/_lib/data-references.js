// What one data file says about another: a job's town must have an area page, its service a service page
// its photo a slot, and two jobs of one town need titles that begin differently (their anchors); a price's
// service a service page; a placeholder in a town's copy must be one the build fills, and {pris:…} a price
// of the price list. Each file on its own cannot know, so the content
// check reads them together and names the entry, the field and what to write.
import { ContentError } from "./content-errors.js";
import { PLACEHOLDERS, PRICE_PLACEHOLDER } from "./copy-facts.js";
import { jobAnchor } from "./jobs.js";
import { priceNamed } from "./prices.js";

/**
 * The references between the data files that do not resolve, as ContentErrors (one per file).
 * @param {Record<string, any>} data the parsed data files by name (those that parsed)
 * @returns {ContentError[]}
 */
export function checkReferences(data) {
  const { areas, services, photos, jobs, prices } = data;
  if (!services) return [];
  const serviceKeys = services.map((/** @type {{ key: string }} */ service) => service.key);
  const serviceHint = `skriv en af: ${serviceKeys.join(", ")}`;
  const errors = [];
  if (jobs && areas && photos) {
    const towns = new Set(areas.map((/** @type {{ name: string }} */ area) => area.name));
    const lines = jobs.flatMap((/** @type {import("./data-types.js").Job} */ job) => [
      ...(towns.has(job.town) ? [] : [`"${job.title}" → By: "${job.town}" har ingen side under Områder (skriv byen, som den står der)`]),
      ...(serviceKeys.includes(job.service) ? [] : [`"${job.title}" → Ydelse: "${job.service}" findes ikke (${serviceHint})`]),
      ...(job.photo in photos
        ? []
        : [`"${job.title}" → Foto: "${job.photo}" findes ikke under Fotos (skriv en af: ${Object.keys(photos).join(", ")})`]),
    ]);
    const anchors = new Map();
    for (const job of jobs) {
      const key = `${job.town}#${jobAnchor(job)}`;
      if (anchors.has(key))
        lines.push(
          `"${job.title}" → Overskrift: begynder med de samme fire ord som "${anchors.get(key)}" i samme by (skriv en anden begyndelse)`,
        );
      else anchors.set(key, job.title);
    }
    if (lines.length) errors.push(new ContentError("site/_data/jobs.yaml (Udførte opgaver i CMS'et)", lines));
  }
  if (areas && prices) {
    const lines = areas.flatMap((/** @type {import("./data-types.js").Area} */ area) =>
      [
        { label: "Beskrivelse", text: area.description },
        { label: "Tekst til Google", text: area.metaDescription },
        ...area.faq.map((item, index) => ({ label: `Spørgsmål og svar → nr. ${index + 1} → Svar`, text: item.answer })),
      ].flatMap(({ label, text }) => placeholderProblems(text, prices).map((problem) => `"${area.name}" → ${label}: ${problem}`)),
    );
    if (lines.length) errors.push(new ContentError("site/_data/areas.yaml (Områder i CMS'et)", lines));
  }
  if (prices) {
    const lines = prices.items
      .filter((/** @type {{ service: string }} */ item) => !serviceKeys.includes(item.service))
      .map(
        (/** @type {{ title: string, service: string }} */ item) =>
          `"${item.title}" → Vises på ydelsen: "${item.service}" findes ikke (${serviceHint})`,
      );
    if (lines.length) errors.push(new ContentError("site/_data/prices.yaml (Priser i CMS'et)", lines));
  }
  return errors;
}

/**
 * What is wrong with the placeholders of a town's copy, in Danish: each that the build does not fill.
 * @param {string} text
 * @param {import("./data-types.js").Prices} prices
 */
function placeholderProblems(text, prices) {
  const known = [...PLACEHOLDERS.everywhere, ...PLACEHOLDERS.area];
  return [...text.matchAll(/\{([^{}]*)\}/g)].flatMap(([placeholder, name]) => {
    if (known.includes(name)) return [];
    const title = PRICE_PLACEHOLDER.exec(name)?.[1];
    if (title === undefined)
      return [`${placeholder} kendes ikke (skriv en af: ${known.map((entry) => `{${entry}}`).join(", ")} eller {pris:titel på en pris})`];
    if (priceNamed(prices, title)) return [];
    return [
      `${placeholder}: der er ingen pris med titlen "${title}" under Priser (skriv en af: ${prices.items.map((item) => item.title).join(", ")})`,
    ];
  });
}
