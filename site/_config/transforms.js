// Every HTML transform of the site, as one Eleventy plugin.
import { islandScripts as scriptsByElement } from "../_lib/widgets.js";

/**
 * Adds to a page's <head> the module script of each island it contains, and nothing for the rest.
 * @this {{ page: { outputPath?: string | false } }} Eleventy's transform context
 * @param {string} content
 */
function islandScripts(content) {
  const output = this.page.outputPath;
  if (typeof output !== "string" || !output.endsWith(".html")) return content;
  const needed = new Set(Object.entries(scriptsByElement()).flatMap(([tag, src]) => (content.includes(`<${tag}`) ? [src] : [])));
  if (!needed.size) return content;
  const tags = [...needed].map((src) => `<script type="module" src="${src}"></script>`).join("");
  return content.replace("</head>", `${tags}\n</head>`);
}

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function transforms(eleventyConfig) {
  eleventyConfig.addTransform("islandScripts", islandScripts);
}
