// Each page carries inline only the CSS its own HTML uses, and the whole stylesheet follows after the
// first paint. The whole stylesheet inline (6.8 kB of brotli on every page) took most documents past the
// first round trip of a new connection (14 600 bytes: ten TCP segments), and a document one byte larger
// waits a whole round trip more before anything is drawn (docs/bench.md, "What each part answers, and its
// goal": the `pages` part, the document on the wire).
//
// Beasties picks the rules whose selectors match the page's markup (pseudo-classes set aside, so :hover
// and :focus rules stay with their element); what it drops are states the markup is not in yet (an open
// menu, a field marked invalid, a notice), which only a script or the visitor can bring about. The island
// loader (island-loader.js) adds the whole stylesheet, under a content-hashed name, after the first
// contentful paint or at the first interaction, whichever comes first; visitors without JavaScript get
// it from a <noscript> link. tests/browser/first-paint-css.test.js checks that every page is drawn the
// same, element by element, before and after the whole stylesheet arrives.
import { createHash } from "node:crypto";
import Beasties from "beasties";
import postcss from "postcss";
import { hashedName } from "./assets.js";
import { contentSecurityPolicy, KNOWN_INLINE_SCRIPTS, serializePolicy } from "./security-headers.js";

const STYLE = /<style>([\s\S]*?)<\/style>/;

// Pseudo-elements (and vendor pseudo-classes): a rule for `.faq summary::after` stays with its element;
// one for nothing but a pseudo-element (`::placeholder`, preflight's `::-webkit-…`) has nothing to match.
const PSEUDO_ELEMENTS =
  /::[\w-]+(?:\([^()]*\))?|:(?:before|after|first-line|first-letter)(?![\w(-])|:-(?:webkit|moz|ms)-[\w-]+(?:\([^()]*\))?/gi;
// States the markup is not in when it is built: a rule for `.btn:hover` stays with its element, and one
// for a state alone (`:focus-visible`, the focus ring) with every element: a keyboard visitor's first
// Tab must show the site's ring, not wait for the whole stylesheet.
const STATES =
  /:(?:hover|focus|focus-visible|focus-within|active|visited|link|any-link|target|checked|disabled|enabled|invalid|valid|user-invalid|user-valid|placeholder-shown|autofill|open|popover-open|default|indeterminate|required|optional|read-only|read-write|modal|fullscreen)(?![\w(-])/gi;

// Classes a page's own script sets as soon as it runs, named `is-…` (`open-now.is-open`, whether the
// phone is answered now: widgets/open-now/): a state of this minute, set right after the first paint on
// every page, whatever the visitor does. Its rule stays with its element, or the line would change
// colour once more when the whole stylesheet came (the first-paint check failed in the phone hours only).
const SCRIPT_STATES = /\.is-[\w-]+(?![\w-])/g;

/**
 * The part of one selector that can be matched against the built markup. Structural pseudo-classes stay
 * (`:not(:last-child)`, `:where(…)`, `:first-child`); Beasties' own version strips them whole, with
 * what they contain, and `:where(.space-y-2>:not(:last-child))` became nothing: its rule was dropped and
 * lists lost their spacing until the whole stylesheet came. An empty result drops the rule.
 * @param {string} selector
 */
export function matchableSelector(selector) {
  const withoutPseudoElements = selector.replace(PSEUDO_ELEMENTS, "");
  if (!withoutPseudoElements.trim()) return "";
  let result = withoutPseudoElements.replace(STATES, "").replace(SCRIPT_STATES, "");
  // A pseudo-class left empty: :not() excludes nothing, :is() and :where() match anything.
  for (let previous = ""; previous !== result; ) {
    previous = result;
    result = result
      .replace(/:not\(\s*\)/g, "")
      .replace(/:(?:is|where)\(\s*\)/g, "*")
      .replace(/\(\s*,|,\s*\)/g, (match) => (match.includes("(") ? "(" : ")"));
  }
  return (
    result
      .replace(/([>+~])\s*(?!\1)([>+~])/g, "$1 * $2")
      .replace(/([>+~])\s*(?=\)|$)/g, "$1 *")
      .replace(/\(\s*([>+~])/g, "(* $1")
      .trim() || "*"
  );
}

// beasties' types declare its default export as a type only; this is the part of the class used here.
const BeastiesClass = /** @type {new (options: object) => { process(html: string): Promise<string> }} */ (
  /** @type {unknown} */ (Beasties)
);

class FirstPaintBeasties extends BeastiesClass {
  /** @param {string} selector */
  normalizeCssSelector(selector) {
    return matchableSelector(selector);
  }
}

const beasties = new FirstPaintBeasties({
  // Only the inline <style>; nothing is fetched, the page's markup outside the <style> is never rewritten.
  external: false,
  reduceInlineStyles: true,
  pruneSource: false,
  inlineFonts: false,
  logLevel: "silent",
});

/** The published file of the whole stylesheet: `/assets/site.<hash>.css`, so it may be cached for a year. */
export const stylesheetPath = (/** @type {string} */ css) => `/assets/${hashedName("site.css", css)}`;

/** The inline stylesheet of `html` (one <style>, base.njk), or undefined. */
export const inlineStyle = (/** @type {string} */ html) => STYLE.exec(html)?.[1];

/**
 * Drops the custom properties no kept rule reads: their declarations (the theme's on :root, the
 * `properties` layer's fallback for browsers without @property, a utility's own) and their @property
 * registrations, which Beasties keeps whole. A declaration no var() names changes nothing on screen.
 * Repeated until nothing changes, since a variable may be read only by another one.
 * @param {string} css
 */
export function withoutUnusedVariables(css) {
  const root = postcss.parse(css);
  for (let removed = true; removed; ) {
    removed = false;
    const read = new Set([...root.toString().matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]));
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      removed = true;
    });
    root.walkAtRules("property", (rule) => {
      if (read.has(rule.params.trim())) return;
      rule.remove();
      removed = true;
    });
  }
  root.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove();
  });
  return root.toString();
}

/**
 * Drops Tailwind's `properties` layer: the defaults of its custom properties (`--tw-border-style: solid`
 * and the like) again, as plain declarations under an @supports for browsers without @property (Safari
 * before 16.4, Firefox before 128). Every browser the site is tested in reads the @property
 * registrations the first paint keeps; one without them draws its first paint without those defaults
 * until the whole stylesheet, fallback included, arrives just after it. 110 bytes of brotli on every page.
 * @param {string} css
 */
export function withoutPropertyFallback(css) {
  const root = postcss.parse(css);
  root.walkAtRules("layer", (rule) => {
    // Named, empty, where it was: the layers keep their order once the whole stylesheet arrives.
    if (rule.params.trim() === "properties" && rule.nodes?.length)
      rule.replaceWith(postcss.atRule({ name: "layer", params: "properties" }));
  });
  return root.toString();
}

/** The attributes a selector of `css` names (`[type=…]`, `[aria-current]`): the ones whose values can change what matches. */
const selectorAttributes = (/** @type {string} */ css) =>
  new Set([...css.matchAll(/\[\s*([\w-]+)/g)].map((match) => match[1].toLowerCase()));

/**
 * What of `html` a selector of `css` can match: the elements, their order and nesting, their classes and
 * ids, the values of the attributes the selectors name (every other attribute kept by name only), and
 * whether an element holds text (each run of text is one letter, so `:empty` still tells). Two pages with
 * the same form, such as area pages of one template, get the same first-paint CSS: it is worked out once
 * (Beasties parses the whole stylesheet for every page: with 1,600 towns that was most of the build).
 * @param {string} html
 * @param {Set<string>} attributes
 */
export function selectorForm(html, attributes) {
  return html
    .replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1>/gi, "<$1$2></$1>")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>([^<]+)</g, (_, text) => (text.trim() ? ">x<" : "><"))
    .replace(/\s([\w:-]+)=("[^"]*"|'[^']*'|[^\s>]+)/g, (whole, name) =>
      name === "class" || name === "id" || attributes.has(name.toLowerCase()) ? whole : ` ${name}`,
    );
}

/** The stylesheet met last, the attributes its selectors name, and the first-paint CSS of each form of page. */
let current = { path: "", attributes: new Set(), byForm: new Map() };

/**
 * The rules of `html`'s inline stylesheet that its markup uses. Only the CSS text is taken from Beasties'
 * result: the page keeps its own markup byte for byte (islands hydrate against it). Worked out once per
 * form of page (selectorForm) and stylesheet.
 * @param {string} html
 * @returns {Promise<string>}
 */
export function criticalCss(html) {
  const css = inlineStyle(html);
  if (css === undefined) throw new Error("criticalCss: the page has no inline <style>");
  const path = stylesheetPath(css);
  // Another stylesheet (a rebuild while editing): what was worked out for the last one no longer holds.
  if (path !== current.path) current = { path, attributes: selectorAttributes(css), byForm: new Map() };
  const form = createHash("sha256").update(selectorForm(html, current.attributes)).digest("base64");
  let critical = current.byForm.get(form);
  if (!critical) {
    // Beasties removes a <style> left empty: the page's markup uses none of its rules.
    critical = beasties.process(html).then((processed) => withoutPropertyFallback(withoutUnusedVariables(inlineStyle(processed) ?? "")));
    current.byForm.set(form, critical);
  }
  return critical;
}

const CHARSET = '<meta charset="utf-8">';
// A page's inline scripts: no src, and not JSON-LD (data, not a script).
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * A built page (base.njk: the whole stylesheet in its one <style>) as it ships: its own first-paint CSS
 * inline, a <noscript> link to the whole stylesheet, and its own Content-Security-Policy in a <meta>
 * right after the character set, allowing its inline CSS and scripts by their hashes. An inline script
 * the site does not know (security-headers.js) fails the build instead of being allowed.
 * @param {string} page
 * @param {string} backendUrl the origin the forms post to (business.yaml's backend.url)
 * @returns {Promise<{ html: string, stylesheet: { path: string, css: string } }>}
 */
export async function firstPaintPage(page, backendUrl) {
  const whole = inlineStyle(page);
  if (whole === undefined || !page.includes(CHARSET)) throw new Error(`firstPaintPage: no ${CHARSET} or no inline <style>`);
  const path = stylesheetPath(whole);
  const critical = await criticalCss(page);
  const scripts = [...page.matchAll(INLINE_SCRIPT)].map((match) => match[1]);
  const unknown = scripts.find((script) => !KNOWN_INLINE_SCRIPTS.includes(script));
  if (unknown !== undefined) throw new Error(`firstPaintPage: an inline script the CSP does not know: ${unknown.slice(0, 80)}`);
  const policy = serializePolicy(contentSecurityPolicy(backendUrl, { styles: [critical], scripts }));
  const html = page
    .replace(CHARSET, () => `${CHARSET}\n<meta http-equiv="Content-Security-Policy" content="${policy}">`)
    .replace(`<style>${whole}</style>`, () => `<style>${critical}</style>\n<noscript><link rel="stylesheet" href="${path}"></noscript>`);
  return { html, stylesheet: { path, css: whole } };
}
