import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import tailwindcss from "@tailwindcss/postcss";

const ENTRY = fileURLToPath(new URL("../styles/main.css", import.meta.url));
const SITE = fileURLToPath(new URL("../", import.meta.url));

/** Compiles the Tailwind entry (scanning site/ for classes) into minified CSS with a content-hashed URL. */
export async function buildStylesheet() {
  const source = await readFile(ENTRY, "utf8");
  const result = await postcss([tailwindcss({ base: SITE, optimize: { minify: true } })]).process(source, { from: ENTRY });
  const hash = createHash("sha256").update(result.css).digest("hex").slice(0, 10);
  return { href: `/assets/site.${hash}.css`, css: result.css };
}
