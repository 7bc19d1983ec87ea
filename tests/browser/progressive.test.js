// Pages that arrive in two parts do not move what is already drawn. On a slow connection, or when
// Chromium's parser yields, the browser paints the part of the document it has; when the rest arrives,
// nothing painted may shift (Lighthouse counted a layout shift of 0.13 on the home page's hero in one
// desktop run: its text was centred against a quote form that was not parsed yet). Here each page is
// served with its document cut just before every quote form, the rest following after a pause, and
// Chromium's layout-shift entries are added up at a phone's and a desktop's width.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../dev/chromium.js";
import { closeServer, listen } from "../../dev/local/servers.js";
import { ALL_PAGES, fileOf } from "../support/site.js";
import { startSite } from "../support/server.js";

const WIDTHS = [390, 1280];
const PAUSE_MS = 300;

/** Where each quote form starts in a page's document: the points the document is cut at. */
const cutsOf = (html) => [...html.matchAll(/<elektriker-quote-form[\s>]/g)].map((match) => match.index);
const PAGES = ALL_PAGES.map((route) => ({ route, html: readFileSync(fileOf(route), "utf8") })).filter(
  ({ html }) => cutsOf(html).length > 0,
);

let site;
let browser;
let splitServer;
let base;
/** The document the next request for /__split gets, and where to cut it. */
let current = { html: "", at: 0 };

beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
  // The cut document at /__split; everything else (scripts, pictures) from the static site.
  splitServer = createServer(async (request, response) => {
    if (request.url === "/__split") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.write(current.html.slice(0, current.at));
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      response.end(current.html.slice(current.at));
      return;
    }
    const upstream = await fetch(site.base + request.url);
    response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/octet-stream" });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  base = `http://127.0.0.1:${await listen(splitServer, 0, "127.0.0.1")}`;
});
afterAll(async () => {
  await browser?.close();
  if (splitServer) await closeServer(splitServer);
  await site?.stop();
});

describe("a page whose document arrives in two parts", () => {
  it("has quote forms to cut before (the test is not empty)", () => {
    expect(PAGES.map(({ route }) => route)).toEqual(expect.arrayContaining(["/", "/kontakt", "/omraader/koge"]));
  });

  for (const { route, html } of PAGES)
    for (const width of WIDTHS)
      it(`${route} at ${width} px does not shift when the quote form arrives after the rest was drawn`, async () => {
        const shifts = [];
        for (const at of cutsOf(html)) {
          current = { html, at };
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          const page = await context.newPage();
          await page.addInitScript(() => {
            window.__shifts = [];
            new PerformanceObserver((list) => {
              for (const entry of /** @type {LayoutShift[]} */ (list.getEntries()))
                if (!entry.hadRecentInput)
                  window.__shifts.push(
                    `${entry.value.toFixed(4)}: ${entry.sources.map((source) => /** @type {Element | null} */ (source.node)?.outerHTML?.slice(0, 60)).join(", ")}`,
                  );
            }).observe({ type: "layout-shift", buffered: true });
          });
          await page.goto(`${base}/__split`, { waitUntil: "load" });
          // Two frames after load, so a shift from the last part's layout is reported.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          shifts.push(...(await page.evaluate(() => window.__shifts)));
          await context.close();
        }
        expect(shifts).toEqual([]);
      });
});
