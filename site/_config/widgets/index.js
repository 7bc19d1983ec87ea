// The islands as synchronous Nunjucks shortcodes (usable inside macros), rendered at build time from the
// same components the browser hydrates (widgets/ssr.tsx). Registered in a loop by eleventy.config.js.
import { widgetRenderer } from "../../_lib/widgets.js";
import { cleanUrl } from "../filters/clean-url.js";

/** `{% quoteForm { id, heading, intro, location } %}`: the quote form island (docs/product.md#widget-states, #quote-form-rules). */
/** @this {{ page: { url: string } }} Eleventy's shortcode context */
export function quoteForm(params) {
  return widgetRenderer().renderQuoteForm({ ...params, page: cleanUrl(this.page.url) });
}

/** `{% faqAccordion { id, items } %}`: the FAQ island; items are `{ question, answer }`. */
export function faqAccordion(params) {
  return widgetRenderer().renderFaq(params);
}

/** `{% navMenu { id, trigger, items, links, className } %}`: the header's desktop navigation island. */
/** @this {{ page: { url: string } }} Eleventy's shortcode context */
export function navMenu(params) {
  return widgetRenderer().renderNav({ ...params, current: cleanUrl(this.page.url) });
}

/** `{% mobileMenu { items, links, phone, className } %}`: the header's small-screen menu island. */
export function mobileMenu(params) {
  return widgetRenderer().renderMobileMenu(params);
}
