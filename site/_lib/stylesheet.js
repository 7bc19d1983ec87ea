import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import tailwindcss from "@tailwindcss/postcss";

const ENTRY = fileURLToPath(new URL("../styles/main.css", import.meta.url));
const SITE = fileURLToPath(new URL("../", import.meta.url));

/**
 * Compiles the Tailwind entry (scanning site/ for classes) into minified CSS. Every page carries it
 * inline in one <style> (base.njk): no request stands between the document and the first paint, and
 * the same text on every page means one CSP hash (security-headers.js). The bench's `pages` part
 * measures what a page carries before its first paint (docs/bench.md, "What each part answers, and its goal").
 */
export async function buildStylesheet() {
  const source = await readFile(ENTRY, "utf8");
  const result = await postcss([tailwindcss({ base: SITE, optimize: { minify: true } })]).process(source, { from: ENTRY });
  if (/<\/style/i.test(result.css)) throw new Error("The stylesheet contains </style and cannot be inlined");
  return { css: result.css };
}
