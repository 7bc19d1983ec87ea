// What the browser tests share: opening a page while recording what went wrong, and axe-core.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** @typedef {{ csp: string[], console: string[], failed: string[], requests: string[] }} Problems */

/** Keeps the CSP violations of every document the page loads in `window.__csp` (init scripts run outside the page's CSP). */
export function recordCsp(/** @type {import("playwright-core").Page} */ page) {
  return page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) => window.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

/**
 * Records the page's console errors, uncaught errors, failed and all requests from now until `stop()`.
 * @param {import("playwright-core").Page} page
 * @returns {{ problems: Problems, stop: () => void }}
 */
export function recordProblems(page) {
  /** @type {Problems} */
  const problems = { csp: [], console: [], failed: [], requests: [] };
  /** @type {[string, (value: any) => void][]} */
  const listeners = [
    ["console", (message) => message.type() === "error" && problems.console.push(message.text())],
    ["pageerror", (error) => problems.console.push(String(error))],
    ["requestfailed", (request) => problems.failed.push(request.url())],
    ["response", (response) => response.status() >= 400 && problems.console.push(`${response.status()} ${response.url()}`)],
    ["request", (request) => problems.requests.push(request.url())],
  ];
  for (const [event, listener] of listeners) page.on(/** @type {any} */ (event), listener);
  const stop = () => {
    for (const [event, listener] of listeners) page.off(/** @type {any} */ (event), listener);
  };
  return { problems, stop };
}

/**
 * Opens `url` in a new context, recording CSP violations, console errors, failed and all requests.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {import("playwright-core").BrowserContextOptions} [options]
 * @returns {Promise<{ context: import("playwright-core").BrowserContext, page: any, response: import("playwright-core").Response,
 *   problems: Problems }>} `page` is left untyped for
 *   the tests that read it: typed as Playwright's Page, four element callbacks in tests/browser/ fail the strict check.
 */
export async function visit(browser, url, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await recordCsp(page);
  const { problems } = recordProblems(page);
  // A navigation to a new document always has a response (goto gives null only within the same document).
  const response = /** @type {import("playwright-core").Response} */ (await page.goto(url, { waitUntil: "load" }));
  return { context, page, response, problems };
}

/**
 * axe-core's violations on the page as it is now (shadow roots included), as short strings.
 * @param {import("playwright-core").Page} page
 */
export async function axeViolations(page) {
  // page.evaluate runs outside the CSP, so the checker can be injected into a strict page.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
