// The pages the bench measures: every route for bytes; one page per route type and three area pages
// for Lighthouse (each run costs seconds).
import { AREA_ROUTES, NOINDEX_ROUTES, STATIC_ROUTES } from "../../operator/verify-deploy/routes.js";

/** Every page, and a path that does not exist (the not-found page). */
export const ALL_ROUTES = [...STATIC_ROUTES, ...NOINDEX_ROUTES, ...AREA_ROUTES, "/findes-ikke"];
/** One page per template (the not-found page at its own file, as Lighthouse refuses a 404 status), and three area pages. */
export const LIGHTHOUSE_ROUTES = [
  "/",
  "/ydelser",
  "/priser",
  "/ydelser/private",
  "/ydelser/energioptimering",
  "/ydelser/erhverv",
  "/ydelser/event",
  "/anmeldelser",
  "/om-os",
  "/kontakt",
  "/kontakt/tak",
  "/kontakt/fejl",
  "/besigtigelse",
  "/omraader",
  "/privatlivspolitik",
  "/partner",
  "/404",
  ...AREA_ROUTES.slice(0, 3),
];
