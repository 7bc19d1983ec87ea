// Eleventy 3 configuration: a table of contents. Filters, shortcodes, widget shortcodes and transforms
// live one per file in site/_config/.
import { cp } from "node:fs/promises";
import { join } from "node:path";
import * as filters from "./site/_config/filters/index.js";
import * as shortcodes from "./site/_config/shortcodes/index.js";
import * as transforms from "./site/_config/transforms/index.js";
import * as widgets from "./site/_config/widgets/index.js";
import { writeAssets } from "./site/_lib/assets.js";
import { SITE_OUTPUT_DIR, WIDGETS_OUTPUT_DIR } from "./site/_lib/build-paths.js";
import { cleanOutput } from "./site/_lib/clean-output.js";
import { parseDataFile } from "./site/_lib/load-data.js";
import { precompress } from "./site/_lib/precompress.js";
import { buildStylesheet } from "./site/_lib/stylesheet.js";
import { loadWidgetBuild } from "./site/_lib/widgets.js";

export default function (eleventyConfig) {
  eleventyConfig.on("eleventy.before", async ({ directories }) => {
    await cleanOutput(directories.output);
    await loadWidgetBuild();
  });
  eleventyConfig.on("eleventy.after", async ({ directories }) => {
    // The widget bundles (npm run build:widgets) are served from /widgets/, site/assets/ under hashed names.
    await cp(join(WIDGETS_OUTPUT_DIR, "public"), join(directories.output, "widgets"), { recursive: true, filter: (source) => !source.includes(".vite") });
    await writeAssets(directories.output);
    // Last: .br and .gz beside every text file, for servers that send them as they are.
    await precompress(directories.output);
  });

  // Data files are YAML, each validated against its schema in site/_lib/data-schemas.js.
  eleventyConfig.addDataExtension("yaml", { parser: parseDataFile });

  for (const [name, filter] of Object.entries(filters)) eleventyConfig.addFilter(name, filter);
  for (const [name, shortcode] of Object.entries(shortcodes)) eleventyConfig.addAsyncShortcode(name, shortcode);
  // The islands render synchronously, so macros (which cannot await) can use them.
  for (const [name, shortcode] of Object.entries(widgets)) eleventyConfig.addShortcode(name, shortcode);
  for (const [name, transform] of Object.entries(transforms)) eleventyConfig.addTransform(name, transform);

  // Tailwind CSS, compiled once per build, inlined in every page.
  eleventyConfig.addGlobalData("stylesheet", buildStylesheet);

  eleventyConfig.ignores.add("site/images/**");
}

export const config = {
  dir: { input: "site", output: SITE_OUTPUT_DIR, includes: "_includes", data: "_data" },
  templateFormats: ["njk", "md", "11ty.js"],
  markdownTemplateEngine: "njk",
  htmlTemplateEngine: "njk",
};
