// The pages verify:deploy asks the host for: every route of the spec, the areas' pages and the two form
// answers (dev/site-routes.js).
import { AREA_ROUTES, NOINDEX_ROUTES, STATIC_ROUTES } from "../site-routes.js";

export const ALL_ROUTES = [...STATIC_ROUTES, ...AREA_ROUTES, ...NOINDEX_ROUTES];
