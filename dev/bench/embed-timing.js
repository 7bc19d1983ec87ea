// The partner embed on a partner-like page: its bytes, and the time from the script's request to an
// interactive form (the element's `ready`), on a cold cache with the CPU slowed 4x like a cheap phone.
import { createServer } from "node:http";
import { closeServer, listen } from "../local/servers.js";
import { byteSizes, median } from "./stats.js";

/**
 * Measures the embed served by the site at `siteBase`.
 * @param {import("playwright-core").Browser} browser
 * @param {string} siteBase
 * @param {{ runs?: number }} [options]
 */
export async function measureEmbed(browser, siteBase, { runs = 5 } = {}) {
  const scriptUrl = `${siteBase}/widgets/quote-form.embed.js`;
  const html = `<!doctype html><html lang="da"><head><meta charset="utf-8"><title>Partner</title></head><body>
<elektriker-tilbud partner="bench"></elektriker-tilbud><script type="module" src="${scriptUrl}"></script></body></html>`;
  const server = createServer((_request, response) => response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html));
  const pageUrl = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}/`;
  const times = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector("elektriker-tilbud[ready]")) {
          window.__readyAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["ready"] });
    });
    await page.goto(pageUrl);
    await page.waitForFunction(() => window.__readyAt !== undefined);
    times.push(
      await page.evaluate(
        (/** @type {string} */ url) => (window.__readyAt ?? NaN) - performance.getEntriesByName(url)[0].startTime,
        scriptUrl,
      ),
    );
    await context.close();
  }
  await closeServer(server);
  const bytes = byteSizes(Buffer.from(await (await fetch(scriptUrl)).arrayBuffer()));
  return { bytes, scriptStartToInteractiveMs: { median: median(times), worst: Math.max(...times), runs: times }, cpuSlowdown: 4 };
}
