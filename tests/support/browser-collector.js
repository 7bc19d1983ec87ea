// What a page reports when the driver cannot hear its console (classic WebDriver in WebKit): a classic
// script that runs before any other script of the page and keeps console errors, uncaught errors,
// rejected promises and Content-Security-Policy violations in `window.__problems`.
export const COLLECTOR_PATH = "/__test-collector.js";

export const COLLECTOR_SCRIPT = `(() => {
  const problems = (window.__problems = []);
  const text = (value) => (value instanceof Error ? value.name + ": " + value.message : String(value));
  const error = console.error.bind(console);
  console.error = (...args) => { problems.push(args.map(text).join(" ")); error(...args); };
  addEventListener("error", (event) => problems.push(event.error ? text(event.error) : "failed to load " + (event.target?.src || event.target?.href || event.message)), true);
  addEventListener("unhandledrejection", (event) => problems.push("unhandled rejection: " + text(event.reason)));
  document.addEventListener("securitypolicyviolation", (event) => problems.push("CSP " + event.violatedDirective + " " + event.blockedURI));
})();`;

/**
 * The page with the collector as its first script: right after <head> (and its charset declaration).
 * @param {string} html
 */
export function withCollector(html) {
  const tag = `<script src="${COLLECTOR_PATH}"></script>`;
  const charset = html.match(/<meta charset=[^>]*>/i);
  if (charset) return html.replace(charset[0], charset[0] + tag);
  return html.replace(/<head[^>]*>/i, (head) => head + tag);
}
