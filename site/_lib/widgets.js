// The site build's side of the widgets (built first by `npm run build:widgets`, see
// vite.widgets.config.ts): the build-time renderer of the islands, and which script each element needs.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { WIDGETS_OUTPUT_DIR } from "./build-paths.js";

const SSR_ENTRY = join(WIDGETS_OUTPUT_DIR, "ssr", "ssr.js");
const MANIFEST = join(WIDGETS_OUTPUT_DIR, "public", ".vite", "manifest.json");
/** Each island element and the define module that registers it (vite.widgets.config.ts inputs). */
const ELEMENT_SOURCES = {
  "elektriker-quote-form": "widgets/quote-form/define.ts",
  "elektriker-faq": "widgets/faq/define.ts",
  "elektriker-nav": "widgets/nav-menu/define.ts",
  "elektriker-mobile-menu": "widgets/nav-menu/define.ts",
};

function requireWidgetBuild(file) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build:widgets" before the site build ("npm run build" does both).`);
}

let renderer;
/** Loads (again, when rebuilt) the islands' build-time renderer, widgets/ssr.tsx as built by Vite. */
export async function loadWidgetRenderer() {
  requireWidgetBuild(SSR_ENTRY);
  renderer = await import(`${pathToFileURL(SSR_ENTRY).href}?v=${statSync(SSR_ENTRY).mtimeMs}`);
  return renderer;
}

/** The renderer loaded for this build (shortcodes are synchronous, so it is loaded before the build). */
export function widgetRenderer() {
  if (!renderer) throw new Error("The widget renderer is not loaded: eleventy.config.js loads it on eleventy.before.");
  return renderer;
}

/** The module script URL per island element, from Vite's manifest: `{ "elektriker-faq": "/widgets/faq.<hash>.js" }`. */
export function islandScripts() {
  requireWidgetBuild(MANIFEST);
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  return Object.fromEntries(Object.entries(ELEMENT_SOURCES).map(([tag, source]) => [tag, `/widgets/${manifest[source].file}`]));
}
