// Every HTML transform of the site, as one Eleventy plugin.
/// <reference path="../_lib/package-types.d.ts" />
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readAssets } from "../_lib/assets.js";
import { SITE_OUTPUT_DIR } from "../_lib/build-paths.js";
import { firstPaintPage, inlineStyle, stylesheetPath } from "../_lib/first-paint-css.js";
import { islandLoaderTag } from "../_lib/island-loader.js";
import { keepTogether } from "../_lib/keep-together.js";
import { loadData } from "../_lib/load-data.js";
import { pageModule } from "../_lib/widgets.js";
import { ISLANDS } from "../../widgets/islands.js";

/** @typedef {{ page: { outputPath?: string | false } }} TransformContext Eleventy's `this` in a transform */

/** @type {import("../_lib/data-types.js").Business} */
const business = loadData("business");
const wrapNumbers = keepTogether(business.phone.display);
// A page's own external scripts (the 404 path logger, the partner page's demo and copy buttons).
const PAGE_SCRIPT = /<script(?: type="module")? src="([^"]+)"><\/script>\n?/g;

/** @param {TransformContext} context */
const isPage = ({ page }) => typeof page.outputPath === "string" && page.outputPath.endsWith(".html");

/**
 * Moves every script of a page behind the loader (site/_lib/island-loader.js), which requests them after
 * the first paint, with the whole stylesheet: the module that defines the islands, if the page contains
 * one, and the page's own scripts.
 * @this {TransformContext}
 * @param {string} content
 */
function islandScripts(content) {
  if (!isPage(this)) return content;
  const islands = Object.values(ISLANDS).some(({ tag }) => content.includes(`<${tag}`)) ? [pageModule()] : [];
  const own = [...content.matchAll(PAGE_SCRIPT)].map((match) => match[1]);
  const needed = [...new Set([...islands, ...own])];
  const style = stylesheetPath(inlineStyle(content) ?? "");
  return content.replace(PAGE_SCRIPT, "").replace("</head>", `${islandLoaderTag(needed, style)}\n</head>`);
}

/**
 * Last: the page keeps inline only the CSS its markup uses and gets its own Content-Security-Policy
 * (site/_lib/first-paint-css.js); the whole stylesheet is published under its hashed name, once.
 * @this {TransformContext}
 * @param {string} content
 */
async function firstPaintCss(content) {
  if (!isPage(this)) return content;
  const { html, stylesheet } = await firstPaintPage(content, business.backend.url);
  const file = join(SITE_OUTPUT_DIR, stylesheet.path);
  if (!existsSync(file)) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, stylesheet.css);
  }
  return html;
}

/** site/assets/ with their hashed names, read once per build (not once per page). */
let assets = /** @type {ReturnType<typeof readAssets> | undefined} */ (undefined);

/**
 * Rewrites every reference to a file of site/assets/ (`/assets/logo.svg`) to its content-hashed name.
 * @this {TransformContext}
 * @param {string} content
 */
function hashedAssets(content) {
  if (!isPage(this)) return content;
  assets ??= readAssets();
  return assets.reduce(
    (html, { path, hashedPath }) => html.replace(new RegExp(`${path.replace(/[.]/g, "\\.")}(?![\\w.-])`, "g"), hashedPath),
    content,
  );
}

/**
 * Keeps the phone number, times and numbers with their unit on one line in every HTML page's <body>.
 * @this {TransformContext}
 * @param {string} content
 */
function keepNumbersTogether(content) {
  if (!isPage(this)) return content;
  const start = content.indexOf("<body");
  return start < 0 ? content : content.slice(0, start) + wrapNumbers(content.slice(start));
}

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function transforms(eleventyConfig) {
  // Asset names first: the loader lists the hashed names of a page's own scripts.
  eleventyConfig.addTransform("hashedAssets", hashedAssets);
  eleventyConfig.addTransform("islandScripts", islandScripts);
  eleventyConfig.addTransform("keepNumbersTogether", keepNumbersTogether);
  eleventyConfig.addTransform("firstPaintCss", firstPaintCss);
}
