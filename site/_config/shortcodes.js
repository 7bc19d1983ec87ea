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

/** The phone hours as the pages print them, kept on one line: when the call-back form says the firm calls back. */
const phoneHours = () => keepText(hoursText(loadData("business").hours.phone));

/**
 * A form that names the phone hours (the call-back's, and the booking's for those who would rather call).
 * @param {object} params
 * @param {{ url: string }} page
 */
const withPhoneHours = (params, page) => ({ props: { ...params, page: cleanUrl(page.url), facts: widgetFacts(), hours: phoneHours() } });

/**
 * How each island of widgets/islands.js gets its props and element attributes from a shortcode's
 * parameters and the page: `{% quoteForm { id, heading, intro, location } %}` (docs/product.md#widget-states,
 * #quote-form-rules), `{% callbackForm { id } %}` (docs/product.md#call-back-form), `{% bookingForm { id } %}`
 * (docs/product.md#booking-a-free-inspection), `{% faqAccordion { id, items } %}` (items are `{ question, answer }`),
 * `{% navMenu { id, trigger, items, links, className } %}` and `{% mobileMenu { items, links, phone, className } %}`
 * (the header's menus). The shortcode names are the registry's.
 * @type {Record<keyof typeof ISLANDS, (params: any, page: { url: string }) => { props: object, attributes?: Record<string, string | undefined> }>}
 */
const ISLAND_PROPS = {
  quoteForm: (params, page) => ({ props: { ...params, page: cleanUrl(page.url), facts: widgetFacts() } }),
  callbackForm: (params, page) => withPhoneHours(params, page),
  bookingForm: (params, page) => withPhoneHours(params, page),
  faq: ({ items, ...params }) => ({
    props: {
      ...params,
      items: items.map((/** @type {{ question: string, answer: string }} */ { question, answer }) => ({
        question: keepText(question),
        answer: keepText(answer),
      })),
    },
  }),
  nav: ({ className, ...params }, page) => ({ props: { ...params, current: cleanUrl(page.url) }, attributes: { class: className } }),
  mobileMenu: ({ className, ...params }) => ({ props: params, attributes: { class: className } }),
};

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function shortcodes(eleventyConfig) {
  for (const [name, shortcode] of Object.entries({ photo, socialImage })) eleventyConfig.addAsyncShortcode(name, shortcode);
  eleventyConfig.addShortcode("inlineScript", inlineScriptTag);
  for (const [name, { shortcode }] of Object.entries(ISLANDS)) {
    const fromPage = ISLAND_PROPS[/** @type {keyof typeof ISLANDS} */ (name)];
    eleventyConfig.addShortcode(
      shortcode,
      /** @this {ShortcodeContext} @param {object} params */
      function (params) {
        const { props, attributes } = fromPage(params, this.page);
        return renderIsland(name, props, attributes);
      },
    );
  }
}
