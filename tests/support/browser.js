// What the browser tests share: opening a page while recording what went wrong, and axe-core.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Opens `url` in a new context, recording CSP violations, console errors, failed and all requests. */
export async function visit(browser, url, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  /** @type {{ csp: string[], console: string[], failed: string[], requests: string[] }} */
  const problems = { csp: [], console: [], failed: [], requests: [] };
  // Init scripts run through the DevTools protocol, outside the page's CSP.
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) => window.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  page.on("console", (message) => message.type() === "error" && problems.console.push(message.text()));
  page.on("pageerror", (error) => problems.console.push(String(error)));
  page.on("requestfailed", (request) => problems.failed.push(request.url()));
  page.on("response", (response) => response.status() >= 400 && problems.console.push(`${response.status()} ${response.url()}`));
  page.on("request", (request) => problems.requests.push(request.url()));
  const response = await page.goto(url, { waitUntil: "load" });
  return { context, page, response, problems };
}

/** axe-core's violations on the page as it is now (shadow roots included), as short strings. */
export async function axeViolations(page) {
  // page.evaluate runs outside the CSP, so the checker can be injected into a strict page.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
