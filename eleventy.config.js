// Eleventy 3 configuration: a table of contents. Filters, shortcodes (the islands among them) and
// transforms are one plugin file each in site/_config/.
/// <reference path="./site/_lib/package-types.d.ts" />
import { cp } from "node:fs/promises";
import { join } from "node:path";
import filters from "./site/_config/filters.js";
import shortcodes from "./site/_config/shortcodes.js";
import transforms from "./site/_config/transforms.js";
import { writeAdmin } from "./site/_lib/admin.js";
import { writeAssets } from "./site/_lib/assets.js";
import { SITE_OUTPUT_DIR, WIDGETS_OUTPUT_DIR } from "./site/_lib/build-paths.js";
import { cleanOutput } from "./site/_lib/clean-output.js";
import { parseDataFile } from "./site/_lib/load-data.js";
import { setPageUrls } from "./site/_lib/page-urls.js";
import { validatePageData } from "./site/_lib/page-schemas.js";
import { precompress } from "./site/_lib/precompress.js";
import { buildStylesheet } from "./site/_lib/stylesheet.js";
import { loadWidgetBuild } from "./site/_lib/widgets.js";

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function (eleventyConfig) {
  eleventyConfig.on("eleventy.before", async ({ directories }) => {
    await cleanOutput(directories.output);
    await loadWidgetBuild();
  });
  eleventyConfig.on("eleventy.contentMap", ({ urlToInputPath }) => setPageUrls(Object.keys(urlToInputPath)));
  eleventyConfig.on("eleventy.after", async ({ directories }) => {
    // The widget bundles (npm run build:widgets) are served from /widgets/, site/assets/ under hashed names.
    await cp(join(WIDGETS_OUTPUT_DIR, "public"), join(directories.output, "widgets"), {
      recursive: true,
      filter: (source) => !source.includes(".vite"),
    });
    await writeAssets(directories.output);
    // Last: .br and .gz beside every text file, for servers that send them as they are.
    await precompress(directories.output);
    // The firm's CMS, for the firm only: not precompressed (its bundle is megabytes, and hosts compress).
    await writeAdmin(directories.output);
  });

  // Data files are YAML, each validated against its schema in site/_lib/data-schemas.js; the lists in
  // pages' front matter are validated by site/_lib/page-schemas.js (Eleventy calls eleventyDataSchema
  // with each page's data).
  eleventyConfig.addDataExtension("yaml", { parser: parseDataFile });
  eleventyConfig.addGlobalData("eleventyDataSchema", () => validatePageData);

  eleventyConfig.addPlugin(filters);
  eleventyConfig.addPlugin(shortcodes);
  eleventyConfig.addPlugin(transforms);

  // Tailwind CSS, compiled once per build, inlined in every page.
  eleventyConfig.addGlobalData("stylesheet", buildStylesheet);

  eleventyConfig.ignores.add("site/images/**");
  eleventyConfig.ignores.add("site/admin/**");
  // A folder's README.md is for whoever works on it, never a page.
  eleventyConfig.ignores.add("site/**/README.md");
}

export const config = {
  dir: { input: "site", output: SITE_OUTPUT_DIR, includes: "_includes", data: "_data" },
  templateFormats: ["njk", "md", "11ty.js"],
  markdownTemplateEngine: "njk",
  htmlTemplateEngine: "njk",
};
