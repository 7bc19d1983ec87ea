// Every HTML transform of the site, as one Eleventy plugin.
import { keepTogether } from "../_lib/keep-together.js";
import { loadData } from "../_lib/load-data.js";
import { islandScripts as scriptsByElement } from "../_lib/widgets.js";

const wrapNumbers = keepTogether(loadData("business").phone.display);

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

/**
 * Keeps the phone number, times and numbers with their unit on one line in every HTML page's <body>.
 * @this {{ page: { outputPath?: string | false } }} Eleventy's transform context
 * @param {string} content
 */
function keepNumbersTogether(content) {
  const output = this.page.outputPath;
  if (typeof output !== "string" || !output.endsWith(".html")) return content;
  const start = content.indexOf("<body");
  return start < 0 ? content : content.slice(0, start) + wrapNumbers(content.slice(start));
}

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function transforms(eleventyConfig) {
  eleventyConfig.addTransform("islandScripts", islandScripts);
  eleventyConfig.addTransform("keepNumbersTogether", keepNumbersTogether);
}
