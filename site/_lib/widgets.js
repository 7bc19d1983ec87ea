// The site build's side of the widgets (built first by `npm run build:widgets`, see
// vite.widgets.config.ts): the build-time renderer of the islands, and which script each element needs,
// both loaded once per build before any page renders.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ISLANDS } from "../../widgets/islands.js";
import { WIDGETS_OUTPUT_DIR } from "./build-paths.js";

const SSR_ENTRY = join(WIDGETS_OUTPUT_DIR, "ssr", "ssr.js");
const MANIFEST = join(WIDGETS_OUTPUT_DIR, "public", ".vite", "manifest.json");

function requireWidgetBuild(file) {
  if (!existsSync(file))
    throw new Error(`${file} is missing: run "npm run build:widgets" before the site build ("npm run build" does both).`);
}

let build;
/** Loads (again, when rebuilt) the widget build: the islands' renderer (widgets/ssr.tsx) and Vite's manifest. */
export async function loadWidgetBuild() {
  requireWidgetBuild(SSR_ENTRY);
  requireWidgetBuild(MANIFEST);
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  build = {
    renderer: await import(`${pathToFileURL(SSR_ENTRY).href}?v=${statSync(SSR_ENTRY).mtimeMs}`),
    scripts: Object.fromEntries(Object.entries(ISLANDS).map(([tag, source]) => [tag, `/widgets/${manifest[source].file}`])),
  };
}

function loaded() {
  if (!build) throw new Error("The widget build is not loaded: eleventy.config.js loads it on eleventy.before.");
  return build;
}

/** The renderer loaded for this build (shortcodes are synchronous, so it is loaded before the build). */
export const widgetRenderer = () => loaded().renderer;

/** The module script URL per island element: `{ "elektriker-faq": "/widgets/faq.<hash>.js" }`. */
export const islandScripts = () => loaded().scripts;
