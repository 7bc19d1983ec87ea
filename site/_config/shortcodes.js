// Every Nunjucks shortcode of the site, as one Eleventy plugin: the photos (async: images are encoded)
// and the islands, rendered at build time from the same components the browser hydrates
// (widgets/ssr.tsx). The islands are synchronous, so macros, which cannot await, can use them.
import { inlineScriptTag } from "../_lib/inline-scripts.js";
import { keepTextTogether } from "../_lib/keep-together.js";
import { loadData } from "../_lib/load-data.js";
import { pictureHtml } from "../_lib/photos.js";
import { writeShareImage } from "../_lib/share-image.js";
import { cleanUrl } from "../_lib/urls.js";
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

/** @param {unknown} value */
const attribute = (value) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * `{% socialImage title %}`: the Open Graph and Twitter image tags of this page's 1200 × 630 share image,
 * drawn (or taken from the cache) at build time.
 * @this {{ ctx: { business: any }, eleventy: { directories: { output: string } } }}
 * @param {string} title
 */
async function socialImage(title) {
  const { business } = this.ctx;
  const share = { title, brand: business.brand, tagline: business.tagline, phone: business.phone.display };
  const url = attribute(business.site.url + (await writeShareImage(share, this.eleventy.directories.output)));
  return [
    `<meta property="og:image" content="${url}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${attribute(`${title} – ${business.brand}, ring ${business.phone.display}`)}">`,
    `<meta name="twitter:image" content="${url}">`,
  ].join("\n");
}

/**
 * `{% quoteForm { id, heading, intro, location } %}`: the quote form island (docs/product.md#widget-states, #quote-form-rules).
 * @this {ShortcodeContext}
 */
function quoteForm(params) {
  return renderIsland("quoteForm", { ...params, page: cleanUrl(this.page.url), facts: widgetFacts() });
}

/** What the build's no-wrap spans do for page text (site/_lib/keep-together.js), for the islands' text. */
const keepText = keepTextTogether(loadData("business").phone.display);

/** `{% faqAccordion { id, items } %}`: the FAQ island; items are `{ question, answer }`. */
function faqAccordion({ items, ...params }) {
  const kept = items.map(({ question, answer }) => ({ question: keepText(question), answer: keepText(answer) }));
  return renderIsland("faq", { ...params, items: kept });
}

/**
 * `{% navMenu { id, trigger, items, links, className } %}`: the header's desktop navigation island.
 * @this {ShortcodeContext}
 */
function navMenu({ className, ...params }) {
  return renderIsland("nav", { ...params, current: cleanUrl(this.page.url) }, { class: className });
}

/** `{% mobileMenu { items, links, phone, className } %}`: the header's small-screen menu island. */
function mobileMenu({ className, ...params }) {
  return renderIsland("mobileMenu", params, { class: className });
}

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function shortcodes(eleventyConfig) {
  for (const [name, shortcode] of Object.entries({ photo, socialImage })) eleventyConfig.addAsyncShortcode(name, shortcode);
  for (const [name, shortcode] of Object.entries({ quoteForm, faqAccordion, navMenu, mobileMenu, inlineScript: inlineScriptTag }))
    eleventyConfig.addShortcode(name, shortcode);
}
