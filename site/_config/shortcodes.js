// Every Nunjucks shortcode of the site, as one Eleventy plugin: the photos (async: images are encoded)
// and the islands, rendered at build time from the same components the browser hydrates
// (widgets/ssr.tsx). The islands are synchronous, so macros, which cannot await, can use them.
import { escapeHtml } from "../../supabase/functions/_shared/escape-html.js";
import { hoursText } from "../_lib/format.js";
import { inlineScriptTag } from "../_lib/inline-scripts.js";
import { keepTextTogether } from "../_lib/keep-together.js";
import { loadData } from "../_lib/load-data.js";
import { pictureHtml } from "../_lib/photos.js";
import { writeShareImage } from "../_lib/share-image.js";
import { cleanUrl } from "../_lib/urls.js";
import { ISLANDS } from "../../widgets/islands.js";
import { renderIsland, widgetFacts } from "../_lib/widgets.js";

/** @typedef {{ page: { url: string }, ctx: { photos: Record<string, any> } }} ShortcodeContext Eleventy's `this` */

/**
 * `{% photo "slot", { sizes, eager, className } %}`: a responsive picture of a photo slot (site/_data/photos.yaml).
 * @this {ShortcodeContext}
 * @param {string} slot
 * @param {object} [options]
 */
async function photo(slot, options = {}) {
  return pictureHtml(slot, this.ctx.photos, { ...options, page: cleanUrl(this.page.url) });
}

/**
 * `{% socialImage title %}`: the Open Graph and Twitter image tags of this page's 1200 × 630 share image,
 * drawn (or taken from the cache) at build time.
 * @this {{ ctx: { business: any }, eleventy: { directories: { output: string } } }}
 * @param {string} title
 */
async function socialImage(title) {
  const { business } = this.ctx;
  const share = { title, brand: business.brand, tagline: business.tagline, phone: business.phone.display };
  const url = escapeHtml(business.site.url + (await writeShareImage(share, this.eleventy.directories.output)));
  return [
    `<meta property="og:image" content="${url}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${escapeHtml(`${title} – ${business.brand}, ring ${business.phone.display}`)}">`,
    `<meta name="twitter:image" content="${url}">`,
  ].join("\n");
}

/** What the build's no-wrap spans do for page text (site/_lib/keep-together.js), for the islands' text. */
const keepText = keepTextTogether(loadData("business").phone.display);

/**
 * What the islands take from the page they are rendered into (widgets/shared/island-contract.tsx,
 * `PageFacts`); each island's module makes its props from these and its shortcode's parameters.
 * @param {{ url: string }} page
 */
const pageFacts = (page) => ({
  path: cleanUrl(page.url),
  facts: widgetFacts(),
  phoneHours: keepText(hoursText(loadData("business").hours.phone)),
  keepText,
});

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function shortcodes(eleventyConfig) {
  for (const [name, shortcode] of Object.entries({ photo, socialImage })) eleventyConfig.addAsyncShortcode(name, shortcode);
  eleventyConfig.addShortcode("inlineScript", inlineScriptTag);
  // Each island of widgets/islands.js with a shortcode: `{% quoteForm { id, heading } %}`, its parameters
  // as its module takes them; `className` is the element's class (the header's menus).
  for (const [name, { shortcode }] of Object.entries(/** @type {Record<string, import("../../widgets/islands.js").Island>} */ (ISLANDS))) {
    if (!shortcode) continue;
    eleventyConfig.addShortcode(
      shortcode,
      /** @this {ShortcodeContext} @param {{ className?: string }} parameters */
      function (parameters) {
        const { className, ...params } = parameters;
        return renderIsland(name, params, pageFacts(this.page), { class: className });
      },
    );
  }
}
