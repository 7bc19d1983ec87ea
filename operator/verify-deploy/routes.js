// The site's routes, listed once for verify:deploy and the bench: every page at its exact path
// (docs/product.md#pages), the privacy and partner pages, the hub of the area pages, and where the no-JavaScript form lands.
import { loadData } from "../../site/_lib/load-data.js";
import { slugify } from "../../site/_lib/slug.js";

/** The pages that are not area pages, at their exact paths. */
export const STATIC_ROUTES = [
  "/",
  "/ydelser",
  "/ydelser/private",
  "/ydelser/erhverv",
  "/ydelser/event",
  "/ydelser/energioptimering",
  "/om-os",
  "/kontakt",
  "/besigtigelse",
  "/privatlivspolitik",
  "/partner",
  "/omraader",
  "/anmeldelser",
];
/** Pages the no-JavaScript quote and call-back forms land on: served, but kept out of search engines and the sitemap. */
export const NOINDEX_ROUTES = ["/kontakt/tak", "/kontakt/ring-op-tak", "/kontakt/fejl"];
/** @typedef {import("../../site/_lib/data-types.js").Area} Area */

/** One page per area in site/_data/areas.yaml. */
export const AREA_ROUTES = /** @type {Area[]} */ (loadData("areas")).map((area) => `/omraader/${slugify(area.name)}`);
/** Every page verify:deploy asks the host for. */
export const ALL_ROUTES = [...STATIC_ROUTES, ...AREA_ROUTES, ...NOINDEX_ROUTES];
