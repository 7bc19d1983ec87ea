// What a page costs when it loads, measured over HTTP in Chromium (so it works for any site): bytes of
// HTML, CSS, JavaScript and the rest (raw, gzip, brotli), the number of requests, and the resources
// that block the first render, and the document's response as sent against the first round trip of a
// new connection. No interaction, no scrolling: what a visitor's phone fetches up front.
import { NO_BYTES, addSizes, byteSizes } from "./stats.js";

/**
 * What a new connection delivers in its first round trip: TCP's initial congestion window of 10
 * segments of 1 460 bytes (RFC 6928), as Lighthouse's simulated network counts it. A document whose
 * response (headers included) is larger waits one more round trip before the first paint: 150 ms on
 * Lighthouse's mobile network.
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** @type {Record<string, "html" | "css" | "js">} */
const KIND = { document: "html", stylesheet: "css", script: "js" };

/**
 * Loads `url` in a fresh context and measures it.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 */
export async function measurePageBytes(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  /** @type {import("playwright-core").Response[]} */
  const responses = [];
  page.on("response", (response) => responses.push(response));
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle").catch(() => {});
  const bytes = { html: NO_BYTES, css: NO_BYTES, js: NO_BYTES, other: NO_BYTES };
  const documentResponse = responses.find((response) => response.request().resourceType() === "document");
  const sent = documentResponse && (await documentResponse.request().sizes());
  // The document as sent: its response headers and its body as encoded on the wire (brotli here).
  const documentSent = sent ? { headers: sent.responseHeadersSize, body: sent.responseBodySize } : null;
  for (const response of responses) {
    const body = await response.body().catch(() => null);
    if (!body) continue;
    const kind = KIND[response.request().resourceType()] ?? "other";
    bytes[kind] = addSizes(bytes[kind], byteSizes(body));
  }
  // As Chromium reports them (Resource Timing's renderBlockingStatus): a stylesheet a script adds after
  // the first paint is in <head> too, but blocks nothing.
  const renderBlocking = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter(
        (entry) => /** @type {PerformanceResourceTiming & { renderBlockingStatus?: string }} */ (entry).renderBlockingStatus === "blocking",
      )
      .map((entry) => entry.name),
  );
  await context.close();
  const total = Object.values(bytes).reduce(addSizes, NO_BYTES);
  return { ...bytes, total, requests: responses.length, renderBlocking, documentSent };
}
