// Where a build writes, in one place: the site (Eleventy's output) and the widget build (Vite), both
// movable by environment so a test can build a second copy against its own backend without touching
// dist/. Defaults: dist/ and .cache/widgets/.
import { resolve } from "node:path";

/** Eleventy's output folder (SITE_OUTPUT_DIR, default dist). */
export const SITE_OUTPUT_DIR = process.env.SITE_OUTPUT_DIR || "dist";
/** The widget build's folder (WIDGETS_OUTPUT_DIR, default .cache/widgets): public/ for browsers, ssr/ for Eleventy. */
export const WIDGETS_OUTPUT_DIR = resolve(process.env.WIDGETS_OUTPUT_DIR || ".cache/widgets");
