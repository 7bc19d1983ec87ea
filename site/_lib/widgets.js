// The site build's side of the widgets (built first by `npm run build:widgets`, see
// vite.widgets.config.ts): the build-time renderer of the islands, and the module that defines them in
// the browser, both loaded once per build before any page renders.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ENTRIES } from "../../widgets/islands.js";
import { WIDGETS_OUTPUT_DIR } from "./build-paths.js";
import { loadData } from "./load-data.js";

const SSR_ENTRY = join(WIDGETS_OUTPUT_DIR, "ssr", "ssr.js");
const MANIFEST = join(WIDGETS_OUTPUT_DIR, "public", ".vite", "manifest.json");

/** @param {string} file */
function requireWidgetBuild(file) {
  if (!existsSync(file))
    throw new Error(`${file} is missing: run "npm run build:widgets" before the site build ("npm run build" does both).`);
}

/**
 * What the site build uses of the built renderer (dist's ssr.js, compiled from widgets/ssr.tsx): the
 * islands' render, and the facts handed to the islands as their props.
 * @typedef {{ siteFactsFrom: (business: import("./data-types.js").Business) => unknown,
 *   renderIsland: (name: string, params: object, page: object, attributes?: Record<string, string | undefined>) => string }} Renderer
 */

/** @type {{ renderer: Renderer, pageModule: string, facts: unknown } | undefined} */
let build;
/**
 * Loads (again, when rebuilt) the widget build: the islands' renderer (widgets/ssr.tsx) and Vite's
 * manifest; and the firm's facts the islands show, from this build's business data.
 */
export async function loadWidgetBuild() {
  requireWidgetBuild(SSR_ENTRY);
  requireWidgetBuild(MANIFEST);
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  /** @type {Renderer} */
  const renderer = await import(`${pathToFileURL(SSR_ENTRY).href}?v=${statSync(SSR_ENTRY).mtimeMs}`);
  build = {
    renderer,
    pageModule: `/widgets/${manifest[ENTRIES.page].file}`,
    facts: renderer.siteFactsFrom(loadData("business")),
  };
}

function loaded() {
  if (!build) throw new Error("The widget build is not loaded: eleventy.config.js loads it on eleventy.before.");
  return build;
}

/**
 * Renders the island `name` of widgets/islands.js inside its element, its props made from a shortcode's
 * `params` and the `page`. The renderer is loaded before the build, since shortcodes are synchronous.
 * @param {string} name
 * @param {object} params
 * @param {object} page what the islands take from the page (widgets/shared/island-contract.tsx, `PageFacts`)
 * @param {Record<string, string | undefined>} [attributes] more attributes of the element (class)
 */
export const renderIsland = (name, params, page, attributes) => loaded().renderer.renderIsland(name, params, page, attributes);

/** The firm's facts as the widgets take them (widgets/shared/site-facts.ts), from this build's data. */
export const widgetFacts = () => loaded().facts;

/** The URL of the module that defines the islands (widgets/every-page.ts): `/widgets/every-page.<hash>.js`. */
export const pageModule = () => loaded().pageModule;
