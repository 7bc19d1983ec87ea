// Per-area data for site/omraader.njk. A function, not front matter: computed front-matter lists are
// evaluated once for the whole pagination, which gave every area page the first area's breadcrumb.
// Nothing here reads the list of all towns: Eleventy runs each of these twice per page, once on a proxy
// to learn what it reads, so a walk over 1 600 towns costs 3 200 walks a build. What needs the list
// (the nearest town's review) is a filter the page calls (site/_lib/geo.js, once per build).
import { acutePromise, isHomeArea, withFacts } from "./_lib/copy-facts.js";

/**
 * The part of an area page's data these read: its area (the pagination's alias) and the data files.
 * @typedef {object} AreaPageData
 * @property {import("./_lib/data-types.js").Area} area
 * @property {import("./_lib/data-types.js").Business} business
 * @property {import("./_lib/data-types.js").Prices} prices
 */

/** @type {{ eleventyComputed: Record<string, (data: AreaPageData) => unknown> }} */
export default {
  eleventyComputed: {
    // The acute promise that fits the town's distance: the home area gets hours, towns further out a weekday.
    near: (data) => isHomeArea(data.area, data.business),
    promise: (data) => acutePromise(data.area, data.business),
    // The town's own copy, with its placeholders filled from business.yaml.
    description: (data) => withFacts(data.area.metaDescription, data, data.area),
    areaText: (data) => withFacts(data.area.description, data, data.area),
    breadcrumbs: (data) => [{ label: "Områder", path: "/omraader" }, { label: data.area.name }],
  },
};
