// The pages' small inline scripts besides the island loader (island-loader.js): each runs where it
// stands, before the first paint, so the page is never drawn in a state it leaves at once; the CSP
// allows each by its hash (security-headers.js), never 'unsafe-inline'. Sources: site/_includes/scripts/.
import { readFileSync } from "node:fs";

const source = (/** @type {string} */ name) => readFileSync(new URL(`../_includes/scripts/${name}.js`, import.meta.url), "utf8").trim();

/** Inline scripts by name: `problemFilter` shows on /kontakt/fejl only the problems its address names. */
export const INLINE_SCRIPTS = { problemFilter: source("problem-filter") };

/**
 * The script element of one inline script.
 * @param {keyof typeof INLINE_SCRIPTS} name
 */
export const inlineScriptTag = (name) => `<script>${INLINE_SCRIPTS[name]}</script>`;
