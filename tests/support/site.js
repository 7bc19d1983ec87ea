// What the site tests share: the built dist/ folder (never built here, never skipped when missing; a
// test may point SITE_TEST_DIST at another build), its routes as the build wrote them (which pages exist
// is the firm's content, so no test lists them), and parsed pages.
import { cpSync, existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "node-html-parser";
import { loadData } from "../../site/_lib/load-data.js";

export const DIST = process.env.SITE_TEST_DIST
  ? `${resolve(process.env.SITE_TEST_DIST)}/`
  : fileURLToPath(new URL("../../dist/", import.meta.url));
/** What in dist/ is not the visitors' site: the firm's CMS (the page at /admin and its files). */
export const NOT_SITE = ["admin/", "admin.html"];

/**
 * Copies the main build's photos (content-hashed, the same for every build) into the build at `dir`, so
 * a test's own build keeps them instead of making them again. A site without photos has no img/.
 * @param {string} dir
 */
export function keepPhotos(dir) {
  if (existsSync(join(DIST, "img"))) cpSync(join(DIST, "img"), join(dir, "img"), { recursive: true });
}
export const business = loadData("business");
export const areas = loadData("areas");

/** Fails loudly when the site has not been built: the tests assert on real output, never on nothing. */
export function requireBuild() {
  if (!existsSync(join(DIST, "index.html"))) {
    throw new Error(`No build in ${DIST}: run "npm run build" first ("npm test" builds before testing).`);
  }
}

/** The file a route is written to. */
export const fileOf = (/** @type {string} */ route) => join(DIST, route === "/" ? "index.html" : `${route}.html`);

/** Every page the build wrote, as the path it is served at (the not-found page and the CMS aside). */
function builtRoutes() {
  if (!existsSync(join(DIST, "index.html"))) return [];
  return readdirSync(DIST, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html") && file !== "404.html" && !NOT_SITE.some((folder) => file.startsWith(folder)))
    .map((file) => (file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`))
    .sort();
}
const isNoindex = (/** @type {string} */ route) => /<meta name="robots" content="noindex">/.test(readFileSync(fileOf(route), "utf8"));
const BUILT = builtRoutes();

/** Pages kept out of search engines and the sitemap (where the no-JavaScript form lands). */
export const NOINDEX_ROUTES = BUILT.filter(isNoindex);
/** The indexed pages: the sitemap's. */
export const ROUTES = BUILT.filter((route) => !isNoindex(route));
/** One page per town of site/_data/areas.yaml. */
export const AREA_ROUTES = ROUTES.filter((route) => route.startsWith("/omraader/"));
/** The indexed pages that are not area pages. */
export const STATIC_ROUTES = ROUTES.filter((route) => !route.startsWith("/omraader/"));
export const ALL_PAGES = [...ROUTES, ...NOINDEX_ROUTES];

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

/** Every HTML file of the visitors' site in dist/, as paths relative to dist/. */
export function htmlFiles() {
  requireBuild();
  return readdirSync(DIST, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html") && !NOT_SITE.some((folder) => file.startsWith(folder)))
    .map((file) => relative(DIST, join(DIST, file)));
}

/**
 * The JSON-LD objects of a page.
 * @param {import("node-html-parser").HTMLElement} root
 */
export function jsonLdBlocks(root) {
  return root.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent));
}
