// What the site tests share: the built dist/ folder (never built here, never skipped when missing),
// the list of routes the spec requires, and parsed pages.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "node-html-parser";
import { AREA_ROUTES, NOINDEX_ROUTES, STATIC_ROUTES } from "../../dev/site-routes.js";
import { loadData } from "../../site/_lib/load-data.js";

export const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
export const business = loadData("business");
export const areas = loadData("areas");

/** Fails loudly when the site has not been built: the tests assert on real output, never on nothing. */
export function requireBuild() {
  if (!existsSync(join(DIST, "index.html"))) {
    throw new Error(`No build in ${DIST}: run "npm run build" first ("npm test" builds before testing).`);
  }
}

export { AREA_ROUTES, NOINDEX_ROUTES, STATIC_ROUTES };
export const ROUTES = [...STATIC_ROUTES, ...AREA_ROUTES];
export const ALL_PAGES = [...ROUTES, ...NOINDEX_ROUTES];

/** The file a route is written to. */
export const fileOf = (/** @type {string} */ route) => join(DIST, route === "/" ? "index.html" : `${route}.html`);

const cache = new Map();
/**
 * The parsed HTML of a route (or of "/404" for 404.html).
 * @param {string} route
 */
export function page(route) {
  requireBuild();
  if (!cache.has(route)) {
    const html = readFileSync(fileOf(route), "utf8");
    cache.set(route, { html, root: parse(html) });
  }
  return cache.get(route);
}

/** Every HTML file in dist/, as paths relative to dist/. */
export function htmlFiles() {
  requireBuild();
  return readdirSync(DIST, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .map((file) => relative(DIST, join(DIST, file)));
}

/**
 * The JSON-LD objects of a page.
 * @param {import("node-html-parser").HTMLElement} root
 */
export function jsonLdBlocks(root) {
  return root.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent));
}
