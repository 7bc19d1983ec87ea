// Eleventy 3 configuration: a table of contents. Filters and shortcodes live one per file in site/_config/.
import * as filters from "./site/_config/filters/index.js";
import * as shortcodes from "./site/_config/shortcodes/index.js";
import { parseDataFile } from "./site/_lib/load-data.js";
import { buildStylesheet } from "./site/_lib/stylesheet.js";
import { cleanOutput } from "./site/_lib/clean-output.js";

export default function (eleventyConfig) {
  eleventyConfig.on("eleventy.before", ({ directories }) => cleanOutput(directories.output));

  // Data files are YAML, each validated against its schema in site/_lib/data-schemas.js.
  eleventyConfig.addDataExtension("yaml", { parser: parseDataFile });

  for (const [name, filter] of Object.entries(filters)) eleventyConfig.addFilter(name, filter);
  for (const [name, shortcode] of Object.entries(shortcodes)) eleventyConfig.addAsyncShortcode(name, shortcode);

  // Tailwind CSS, compiled once per build, served under a content-hashed name.
  eleventyConfig.addGlobalData("stylesheet", buildStylesheet);

  eleventyConfig.addPassthroughCopy({ "site/assets": "assets" });
  eleventyConfig.ignores.add("site/images/**");
}

export const config = {
  dir: { input: "site", output: "dist", includes: "_includes", data: "_data" },
  templateFormats: ["njk", "md", "11ty.js"],
  markdownTemplateEngine: "njk",
  htmlTemplateEngine: "njk",
};
