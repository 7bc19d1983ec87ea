// What `npm run verify:deploy` checks on the static host: every page served as built (a host that edits
// pages, e.g. by injecting scripts, breaks their Content-Security-Policy), the 404 page, the headers of
// dist/_headers, and the partner embed loadable from another site.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ALL_ROUTES } from "./routes.js";
import { parseHeadersFile } from "./headers-file.js";

/** @typedef {{ title: string, ok: boolean, detail?: string, fix?: string }} Check */

const fileOf = (/** @type {string} */ distDir, /** @type {string} */ route) =>
  join(distDir, route === "/" ? "index.html" : `${route}.html`);
const cspOf = (/** @type {string} */ html) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? null;

/**
 * The checks of the site as served against the build in `distDir`, in order.
 * @param {{ siteUrl: string, distDir: string, fetch: typeof globalThis.fetch }} options
 * @returns {Promise<Check[]>}
 */
export async function siteChecks({ siteUrl, distDir, fetch }) {
  const get = (/** @type {string} */ path, /** @type {RequestInit} */ init = {}) =>
    fetch(new URL(path, siteUrl), { redirect: "manual", ...init });
  const checks = [];

  const wrongPages = [];
  const wrongPolicies = [];
  for (const route of ALL_ROUTES) {
    const answer = await get(route);
    const served = await answer.text();
    const built = readFileSync(fileOf(distDir, route), "utf8");
    if (answer.status !== 200) wrongPages.push(`${route} answered ${answer.status}`);
    else if (served !== built) wrongPages.push(`${route} differs from dist/`);
    if (answer.status === 200 && cspOf(served) !== cspOf(built)) wrongPolicies.push(route);
  }
  checks.push({
    title: `Every page answers 200 with exactly what was built (${ALL_ROUTES.length} pages)`,
    ok: wrongPages.length === 0,
    detail: wrongPages.slice(0, 5).join("; "),
    fix: "Upload all of dist/ after `npm run build`, with clean URLs (page.html served at /page), and turn off anything that edits pages on the host (Cloudflare: Email Address Obfuscation, Rocket Loader, Auto Minify).",
  });
  checks.push({
    title: "Every page carries its own Content-Security-Policy, as built",
    ok: wrongPolicies.length === 0,
    detail: wrongPolicies.slice(0, 5).join(", "),
    fix: "Serve the pages unchanged: the policy in each page's <head> lists the hashes of that page's own inline CSS and scripts.",
  });

  const missing = await get(`/verify-deploy-no-such-page-${Date.now()}`);
  const notFoundTitle = /<title>[^<]*<\/title>/.exec(readFileSync(join(distDir, "404.html"), "utf8"))?.[0];
  const missingText = await missing.text();
  checks.push({
    title: "An unknown address gets the 404 page with status 404",
    ok: missing.status === 404 && Boolean(notFoundTitle) && missingText.includes(notFoundTitle ?? "\u0000"),
    detail: `status ${missing.status}${missingText.includes(notFoundTitle ?? "\u0000") ? "" : ", not the site's 404.html"}`,
    fix: "Upload dist/404.html and let the host answer unknown paths with it and status 404 (Cloudflare Pages and Netlify do so by default).",
  });

  const wrongHeaders = [];
  for (const { pattern, headers } of parseHeadersFile(readFileSync(join(distDir, "_headers"), "utf8"))) {
    const path = pattern === "/*" ? "/" : pattern.endsWith("/*") ? null : pattern;
    if (!path) continue;
    const answer = await get(path, { method: "HEAD" });
    for (const [name, value] of Object.entries(headers))
      if (answer.headers.get(name) !== value) wrongHeaders.push(`${path}: ${name} is ${JSON.stringify(answer.headers.get(name))}`);
  }
  checks.push({
    title: "The headers of dist/_headers are served (security headers, caching, CORS of the widgets)",
    ok: wrongHeaders.length === 0,
    detail: wrongHeaders.slice(0, 5).join("; "),
    fix: "Deploy dist/ to a host that reads a _headers file (Cloudflare Pages, Netlify) and upload _headers with it.",
  });

  const embed = await get("/widgets/quote-form.embed.js", { headers: { Origin: "https://partner.example" } });
  await embed.body?.cancel();
  const allowOrigin = embed.headers.get("access-control-allow-origin");
  checks.push({
    title: "The partner embed loads as a module from another site",
    ok:
      embed.status === 200 &&
      /javascript/.test(embed.headers.get("content-type") ?? "") &&
      (allowOrigin === "*" || allowOrigin === "https://partner.example"),
    detail: `status ${embed.status}, Content-Type ${embed.headers.get("content-type")}, Access-Control-Allow-Origin ${allowOrigin}`,
    fix: "Serve /widgets/* with Access-Control-Allow-Origin: * and a JavaScript Content-Type (dist/_headers has the first).",
  });
  return checks;
}
