// The pages the bench measures: every route for bytes; one page per route type and three area pages
// for Lighthouse (each run costs seconds).
import { loadData } from "../../site/_lib/load-data.js";
import { slugify } from "../../site/_lib/slug.js";

const areaRoutes = loadData("areas").map((area) => `/omraader/${slugify(area.name)}`);
const staticRoutes = [
  "/",
  "/ydelser",
  "/ydelser/private",
  "/ydelser/erhverv",
  "/ydelser/event",
  "/ydelser/energioptimering",
  "/om-os",
  "/kontakt",
  "/privatlivspolitik",
  "/partner",
  "/kontakt/tak",
  "/kontakt/fejl",
];

/** Every page, and a path that does not exist (the not-found page). */
export const ALL_ROUTES = [...staticRoutes, ...areaRoutes, "/findes-ikke"];
/** One page per route type (the not-found page at its own file, as Lighthouse refuses a 404 status), and three area pages. */
export const LIGHTHOUSE_ROUTES = [
  "/",
  "/ydelser",
  "/ydelser/private",
  "/ydelser/energioptimering",
  "/om-os",
  "/kontakt",
  "/privatlivspolitik",
  "/partner",
  "/404",
  ...areaRoutes.slice(0, 3),
];
