// Response headers for every page, written to dist/_headers (the format Netlify and Cloudflare Pages
// read) and applied by scripts/serve.js, so the local server sends exactly what production sends.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { WIDGETS_OUTPUT_DIR } from "./build-paths.js";
import { INLINE_SCRIPTS } from "./inline-scripts.js";
import { ISLAND_LOADER } from "./island-loader.js";

/** A CSP source allowing exactly one inline element's text. */
export const cspHash = (/** @type {string} */ text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The partner embed's one stable URL (vite.widgets.config.ts); every other widget file has a hashed name. */
export const EMBED_FILE = "quote-form.embed.js";

/**
 * A page's Content-Security-Policy as a commented structure. Each page carries its own in a <meta> at
 * the top of its <head> (first-paint-css.js writes it), because each page inlines its own CSS: `styles`
 * and `scripts` are the exact texts of the page's inline <style> and scripts. `backendUrl` is the
 * Supabase project the forms post to. The one directive a <meta> cannot carry, frame-ancestors, is in
 * the response header (headerRules); a browser enforces both policies.
 * @param {string} backendUrl
 * @param {{ styles: string[], scripts: string[] }} inline
 */
export function contentSecurityPolicy(backendUrl, { styles, scripts }) {
  const backend = new URL(backendUrl).origin;
  return {
    // Nothing loads unless listed below.
    "default-src": ["'none'"],
    // The site's own scripts (widget bundles, the 404 path logger) and, by their hashes, the page's inline
    // ones: the island loader (site/_lib/island-loader.js) and site/_lib/inline-scripts.js. JSON-LD blocks
    // are data, not scripts. Never 'unsafe-inline'.
    "script-src": ["'self'", ...new Set(scripts.map(cspHash))],
    // The whole stylesheet (a file of the site) and, by its hash, the page's inline first-paint CSS; no
    // style attributes.
    "style-src": ["'self'", ...new Set(styles.map(cspHash))],
    // Photos and icons are served by the site; data: for tiny inline SVG fallbacks.
    "img-src": ["'self'", "data:"],
    // System fonts only today; self-hosted fonts would come from here.
    "font-src": ["'self'"],
    // The quote widget calls the backend function with fetch.
    "connect-src": ["'self'", backend],
    // The no-JavaScript quote form posts straight to the backend function.
    "form-action": ["'self'", backend],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
    "manifest-src": ["'self'"],
  };
}

/** The inline scripts a page may carry, by text: the island loader and site/_lib/inline-scripts.js. */
export const KNOWN_INLINE_SCRIPTS = [ISLAND_LOADER, ...Object.values(INLINE_SCRIPTS)];

/**
 * Serialises a policy object into the header value.
 * @param {Record<string, string[]>} policy sources by directive
 */
export function serializePolicy(policy) {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(" "))
    .join("; ");
}

/**
 * The path patterns that cover the visitors' pages (their URLs as the build writes them, `/kontakt.html`):
 * `/` for the home page, and per first path segment `/kontakt` and, when pages lie under it, `/kontakt/*`;
 * not /admin, the CMS's.
 * @param {string[]} urls
 */
export function pagePatterns(urls) {
  const patterns = new Set();
  for (const url of urls.filter((path) => path === "/" || path.endsWith(".html"))) {
    const [first, ...rest] = url
      .replace(/^\//, "")
      .replace(/\.html$/, "")
      .split("/");
    // The CMS's pages have their own rule (the owner's guide among them).
    if (first === "admin") continue;
    patterns.add(first === "" || first === "index" ? "/" : `/${first}`);
    if (rest.length > 0) patterns.add(`/${first}/*`);
  }
  return [...patterns].sort();
}

/** The widget build's files as served under /widgets/ (the manifest folder .vite/ is not copied). */
const widgetFiles = () => readdirSync(join(WIDGETS_OUTPUT_DIR, "public")).filter((name) => name.endsWith(".js"));

/**
 * Header rules by path pattern, in `_headers` order: the first applies to every response. No two rules
 * that match one file set the same header (Cloudflare Pages would join the two values with a comma).
 */
export function headerRules(widgets = widgetFiles(), pages = /** @type {string[]} */ ([])) {
  const immutable = { "Cache-Control": "public, max-age=31536000, immutable" };
  return [
    {
      path: "/*",
      headers: {
        // Each page's policy is in its <meta> (contentSecurityPolicy); the header adds what a <meta> cannot
        // say, and a browser enforces both. The site's own pages are never framed (partners embed a script).
        "Content-Security-Policy": "frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
        "X-Frame-Options": "DENY",
      },
    },
    // A visitor's page shares its window with no page of another origin. Set per page path, not on /*:
    // the CMS's sign-in popup goes to GitHub and back and must stay the CMS window's popup (below).
    ...pagePatterns(pages).map((path) => ({ path, headers: { "Cross-Origin-Opener-Policy": "same-origin" } })),
    // The firm's CMS (site/_lib/admin.js): never in a search engine, never cached stale. Its window keeps
    // its sign-in popup (same-origin-allow-popups); the popup's own page, /admin/auth, sends no such
    // header, as one would cut it off from the CMS window on its way back from GitHub.
    ...["/admin", "/admin/*"].map((path) => ({
      path,
      headers: {
        "X-Robots-Tag": "noindex",
        "Cache-Control": "no-cache",
        ...(path === "/admin" ? { "Cross-Origin-Opener-Policy": "same-origin-allow-popups" } : {}),
      },
    })),
    // The facts the functions read (site/_lib/site-facts.js): revalidated on every read, so a publish
    // reaches them on their next read, and kept out of search engines.
    { path: "/site-facts.json", headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-cache" } },
    // Content-hashed file names (site/_lib/assets.js, photos.js, eleventy-img): a changed file gets a new
    // name, so these can be cached for a year (tests/site/cache-rules.test.js checks every name).
    { path: "/assets/*", headers: immutable },
    { path: "/img/*", headers: immutable },
    { path: "/share/*", headers: immutable },
    // Widget bundles: partner sites load the embed as a module script, which browsers fetch with CORS.
    { path: "/widgets/*", headers: { "Access-Control-Allow-Origin": "*", "Cross-Origin-Resource-Policy": "cross-origin" } },
    // The embed keeps one URL for partners: cached for ten minutes, then revalidated (the server's ETag),
    // so a new build reaches partners within ten minutes and an unchanged one costs a 304.
    { path: `/widgets/${EMBED_FILE}`, headers: { "Cache-Control": "public, max-age=600, must-revalidate" } },
    // The islands' modules and chunks are named by content hash (vite.widgets.config.ts).
    ...widgets
      .filter((name) => name !== EMBED_FILE)
      .sort()
      .map((name) => ({ path: `/widgets/${name}`, headers: immutable })),
  ];
}
