// Response headers for every page, written to dist/_headers (the format Netlify and Cloudflare Pages
// read) and applied by scripts/serve.js, so the local server sends exactly what production sends.

/** The Content-Security-Policy as a commented structure; `backendUrl` is the Supabase project the forms post to. */
export function contentSecurityPolicy(backendUrl) {
  const backend = new URL(backendUrl).origin;
  return {
    // Nothing loads unless listed below.
    "default-src": ["'none'"],
    // Only the site's own scripts: widget bundles and the 404 path logger. JSON-LD blocks are data, not scripts.
    "script-src": ["'self'"],
    // One stylesheet from the site itself; no inline styles anywhere.
    "style-src": ["'self'"],
    // Photos and icons are served by the site; data: for tiny inline SVG fallbacks.
    "img-src": ["'self'", "data:"],
    // System fonts only today; self-hosted fonts would come from here.
    "font-src": ["'self'"],
    // The quote widget calls the backend function with fetch.
    "connect-src": ["'self'", backend],
    // The no-JavaScript quote form posts straight to the backend function.
    "form-action": ["'self'", backend],
    // The site's own pages are never framed (partners embed a script, not a frame).
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
    "manifest-src": ["'self'"],
  };
}

/** Serialises a policy object into the header value. */
export function serializePolicy(policy) {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(" "))
    .join("; ");
}

/** Header rules by path pattern, in `_headers` order: the first applies to every response. */
export function headerRules(backendUrl) {
  const immutable = { "Cache-Control": "public, max-age=31536000, immutable" };
  return [
    {
      path: "/*",
      headers: {
        "Content-Security-Policy": serializePolicy(contentSecurityPolicy(backendUrl)),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
        "Cross-Origin-Opener-Policy": "same-origin",
        "X-Frame-Options": "DENY",
      },
    },
    // Fingerprinted file names: a changed file gets a new name, so these can be cached for a year.
    { path: "/assets/*", headers: immutable },
    { path: "/img/*", headers: immutable },
    { path: "/share/*", headers: immutable },
    // Widget bundles: partner sites load the embed as a module script, which browsers fetch with CORS.
    // The embed keeps one URL for partners, so everything here is cached for an hour, not for ever.
    {
      path: "/widgets/*",
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Cross-Origin-Resource-Policy": "cross-origin",
        "Cache-Control": "public, max-age=3600",
      },
    },
  ];
}
